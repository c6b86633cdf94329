import fc from 'fast-check';
import { expect } from 'vitest';
import { app } from '../testing/hostile-input/app-under-test.ts';
import { authCases, authorizationHeader } from '../testing/hostile-input/authorization.ts';
import { bodies, text } from '../testing/hostile-input/bodies.ts';
import { refused } from '../testing/hostile-input/expected.ts';
import { junkQuery } from '../testing/hostile-input/queries.ts';
import { family, hostileFamilies } from '../testing/hostile-input/runner.ts';
import {
  anyText,
  badNewPassword,
  invalidEmails,
  newPassword,
  personName,
  simpleEmail,
  tooLongText,
} from '../testing/hostile-input/texts.ts';

// The first owner's setup (POST /api/setup). The app under test has a staff
// account, so setup is closed for good: whatever the body, the query, the
// token or a session's header, a request that parses is 404 and changes
// nothing; the link is never reissued. (While setup is open, the route's
// refusals are src/server/routes/api/setup.test.ts's.)

const setupBodies = bodies({
  token: text(
    fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), anyText(200)),
    fc.oneof(fc.constant(''), tooLongText(200)),
  ),
  firstName: text(personName, fc.constantFrom('', 'a\nb')),
  lastName: text(personName, tooLongText(100)),
  email: text(simpleEmail('trattoria.example'), invalidEmails),
  password: text(newPassword, badNewPassword),
});

const postSetup = family({
  name: 'POST /api/setup (closed: a staff account exists)',
  runs: 400,
  cases: fc.record({ query: junkQuery, auth: authCases, body: setupBodies }),
  route: ({ query, auth, body }) => ({
    method: 'POST',
    url: `/api/setup${query}`,
    // A session's header changes nothing: the route is anonymous.
    headers: authorizationHeader(auth),
    body,
    handler: () => refused(404, 'message'),
  }),
  async before() {
    expect(await app.firstOwnerSetup.issue()).toBeNull();
  },
});

hostileFamilies('setup', [postSetup]);
