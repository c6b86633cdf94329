import { useTranslation } from 'react-i18next';
import { A11y, Keyboard, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { PhotoView } from '../../../shared/schemas/photos.ts';
import { Photo } from '../../components/photo.tsx';
import { INITIAL_CATEGORY_INDEX } from './menu-page-data.ts';

export interface CategoryCard {
  id: string;
  label: string;
  /** The section's card photo (slot `section-{id}`). */
  photo: PhotoView;
}

/**
 * The category carousel: up to 768 px wide, 2 cards
 * per view with no gap; wider, 8 per view 40 px apart. Centred (within bounds,
 * so on a wide screen all eight stay in view), not looped, starting at slide
 * 2, with clickable dynamic pagination. Swiper switches the settings itself
 * when the window is resized. Each card is a button: keyboard users tab to it.
 */
export function CategoryCarousel({
  cards,
  selectedIndex,
  onSelect,
}: {
  cards: CategoryCard[];
  selectedIndex: number;
  onSelect: (index: number) => void;
}) {
  const { t } = useTranslation('menu');
  return (
    <Swiper
      className="category-carousel"
      modules={[Pagination, Keyboard, A11y]}
      slidesPerView={2}
      spaceBetween={0}
      breakpoints={{ 769: { slidesPerView: 8, spaceBetween: 40 } }}
      centeredSlides
      centeredSlidesBounds
      loop={false}
      initialSlide={INITIAL_CATEGORY_INDEX}
      pagination={{ clickable: true, dynamicBullets: true }}
      keyboard={{ enabled: true }}
      a11y={{
        containerMessage: t('carouselLabel'),
        containerRoleDescriptionMessage: t('carouselRole'),
        itemRoleDescriptionMessage: t('slideRole'),
        // Swiper fills in {{index}} itself.
        paginationBulletMessage: t('goToCategory', { index: '{{index}}' }),
        slideLabelMessage: t('slideLabel', {
          index: '{{index}}',
          slidesLength: '{{slidesLength}}',
        }),
      }}
    >
      {cards.map((card, index) => (
        <SwiperSlide key={card.id}>
          <button
            type="button"
            className="category-card"
            aria-pressed={index === selectedIndex}
            onClick={() => onSelect(index)}
          >
            {/* The label beside it names the card: the picture is decoration. */}
            <Photo
              photo={card.photo}
              sizes="(max-width: 768px) 50vw, 160px"
              decorative
              className="category-card__image"
            />
            <span className="category-card__label">{card.label}</span>
          </button>
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
