import { useId, useState, type FormEvent } from 'react';
import {
  restaurantFactsBody,
  type RestaurantFacts,
  type RestaurantFactsBody,
} from '../../../shared/schemas/restaurant.ts';
import { FormProblems } from '../../components/form-problems.tsx';
import {
  issuesOf,
  LoadedPanel,
  useCheckedSave,
  useUser,
  type Loading,
  SubmitButton,
  StaffPanel,
} from '../../staff/index.ts';
import { saveRestaurantFacts } from './restaurant-facts-api.ts';
import { FACTS_TEXTS as T } from './restaurant-facts-texts.ts';

/** Every fact as the form holds it: text boxes, so numbers are typed as text. */
interface Draft {
  name: string;
  mobile: string;
  landline: string;
  email: string;
  street: string;
  postalCode: string;
  locality: string;
  region: string;
  country: string;
  latitude: string;
  longitude: string;
  mapUrl: string;
  mapEmbedUrl: string;
  instagram: string;
  facebook: string;
  privacyPolicyUrl: string;
  foundedYear: string;
  priceRange: string;
}

const draftOf = (facts: RestaurantFacts): Draft => ({
  name: facts.name,
  mobile: facts.phones.mobile,
  landline: facts.phones.landline ?? '',
  email: facts.email,
  ...facts.address,
  latitude: String(facts.geo.latitude),
  longitude: String(facts.geo.longitude),
  mapUrl: facts.mapUrl,
  mapEmbedUrl: facts.mapEmbedUrl,
  instagram: facts.social.instagram ?? '',
  facebook: facts.social.facebook ?? '',
  privacyPolicyUrl: facts.privacyPolicyUrl,
  foundedYear: String(facts.foundedYear),
  priceRange: facts.priceRange,
});

/** A year as typed; not a whole number stays as text for the schema to refuse, none is left out. */
const yearOf = (text: string): number | string | undefined => {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
};

/** A coordinate as typed ("38,07" too); not a number stays as text for the schema to refuse. */
const coordinateOf = (text: string): number | string => {
  const number = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(number) ? number : text;
};

const bodyOf = (draft: Draft): RestaurantFactsBody =>
  ({
    name: draft.name,
    phones: { mobile: draft.mobile, landline: draft.landline },
    email: draft.email,
    address: {
      street: draft.street,
      postalCode: draft.postalCode,
      locality: draft.locality,
      region: draft.region,
      country: draft.country,
    },
    geo: { latitude: coordinateOf(draft.latitude), longitude: coordinateOf(draft.longitude) },
    mapUrl: draft.mapUrl,
    mapEmbedUrl: draft.mapEmbedUrl,
    social: { instagram: draft.instagram, facebook: draft.facebook },
    privacyPolicyUrl: draft.privacyPolicyUrl,
    foundedYear: yearOf(draft.foundedYear),
    priceRange: draft.priceRange.trim() === '' ? undefined : draft.priceRange,
  }) as RestaurantFactsBody;

/** The fields in the form's order: label, input type, and whether one may leave it empty. */
const FIELDS: {
  key: keyof Draft;
  type: string;
  optional?: boolean;
  hint?: string;
  inputMode?: 'decimal' | 'numeric';
}[] = [
  { key: 'name', type: 'text' },
  { key: 'mobile', type: 'tel', hint: T.phoneHint },
  { key: 'landline', type: 'tel', optional: true, hint: T.phoneHint },
  { key: 'email', type: 'email' },
  { key: 'street', type: 'text' },
  { key: 'postalCode', type: 'text' },
  { key: 'locality', type: 'text' },
  { key: 'region', type: 'text' },
  { key: 'country', type: 'text' },
  { key: 'latitude', type: 'text', inputMode: 'decimal' },
  { key: 'longitude', type: 'text', inputMode: 'decimal' },
  { key: 'mapUrl', type: 'url' },
  { key: 'mapEmbedUrl', type: 'url', hint: T.mapEmbedUrlHint },
  { key: 'instagram', type: 'url', optional: true },
  { key: 'facebook', type: 'url', optional: true },
  { key: 'privacyPolicyUrl', type: 'url' },
  { key: 'foundedYear', type: 'text', inputMode: 'numeric', hint: T.foundedYearHint },
  { key: 'priceRange', type: 'text', hint: T.priceRangeHint },
];

/** The restaurant's facts: the owner edits them, staff read them. */
export function RestaurantFactsPanel({ facts }: { facts: Loading<RestaurantFacts> }) {
  return (
    <StaffPanel title={T.title} intro={T.intro}>
      <LoadedPanel loading={facts} texts={{ loading: T.loading, loadFailed: T.loadFailed }}>
        {(data) => <FactsForm facts={data} />}
      </LoadedPanel>
    </StaffPanel>
  );
}

function FactsForm({ facts }: { facts: RestaurantFacts }) {
  const id = useId();
  const { user } = useUser();
  const { submit, busy, problems } = useCheckedSave();
  const isOwner = user?.role === 'owner';
  const [draft, setDraft] = useState(() => draftOf(facts));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const body = bodyOf(draft);
    await submit(
      event,
      issuesOf(restaurantFactsBody.safeParse(body)),
      (token) => saveRestaurantFacts(token, body),
      { onSaved: (saved) => setDraft(draftOf(saved)), success: T.saved },
    );
  }

  return (
    <form className="staff-form staff-form--grid" onSubmit={onSubmit} aria-busy={busy} noValidate>
      {isOwner ? null : <p className="staff-hint staff-field--wide">{T.ownerOnly}</p>}
      {FIELDS.map(({ key, type, optional, hint, inputMode }) => (
        <div key={key} className="staff-field">
          <label htmlFor={`${id}-${key}`}>
            {T[key]} {optional ? <span className="staff-optional">{T.optional}</span> : null}
          </label>
          <input
            id={`${id}-${key}`}
            type={type}
            inputMode={inputMode}
            readOnly={!isOwner}
            required={!optional}
            value={draft[key]}
            aria-describedby={hint ? `${id}-${key}-hint` : undefined}
            onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
          />
          {hint ? (
            <p className="staff-hint" id={`${id}-${key}-hint`}>
              {hint}
            </p>
          ) : null}
        </div>
      ))}
      <FormProblems title={T.fix} problems={problems} className="staff-field--wide" />
      {isOwner ? (
        <div className="staff-field--wide">
          <SubmitButton label={T.save} busyLabel={T.saving} busy={busy} />
        </div>
      ) : null}
    </form>
  );
}
