import { use } from 'react';
import { Icon } from './Icon';
import { Picture } from './Picture';
import { PageDataContext } from '../content/data';
import type { Testimonial } from '../content/types';
import { testimonialsSection as t } from '../content/home';

/** Rotation interval of spec section 9. */
export const ROTATE_MS = 5000;

function Stars({ rating }: { rating: number }) {
  return (
    <div className="stars" role="img" aria-label={`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Icon key={n} name="star" size={18} filled={n <= rating} className={n <= rating ? 'star on' : 'star'} />
      ))}
    </div>
  );
}

/**
 * Starts at the first item, advances every 5000 ms and wraps; pauses while the pointer is over it,
 * while keyboard focus is inside, or after the pause button. Arrows (wide screens) and dots jump to
 * an item and restart the timer. The live region is polite only while it is not rotating by itself.
 * Rendered here at its first item, rotating; its island (src/islands/carousel.ts) moves it.
 */
export function TestimonialCarousel({ items }: { items: readonly Testimonial[] }) {
  const n = items.length;
  const media = use(PageDataContext).media;
  const index = 0;
  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={t.carouselLabel}
      data-island="carousel"
      data-rotate-ms={ROTATE_MS}
    >
      <div className="carousel-controls">
        <button type="button" className="icon-button carousel-pause" aria-label={t.pause} data-play={t.play} data-pause={t.pause}>
          <Icon name="pause" size={18} className="if-playing" />
          <Icon name="play" size={18} className="if-paused" />
        </button>
      </div>
      <div className="carousel-viewport">
        <button type="button" className="carousel-arrow prev" aria-label={t.previous} aria-controls="testimonial-slides">
          <Icon name="chevronLeft" />
        </button>
        <div className="carousel-window">
          <div id="testimonial-slides" className="carousel-track" aria-live="off">
            {items.map((item, i) => (
              <div
                key={i}
                className="slide"
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${n}`}
                aria-hidden={i !== index}
                inert={i !== index}
                data-active={i === index ? 'true' : 'false'}
              >
                <figure className="testimonial">
                  <Stars rating={item.rating} />
                  <blockquote>
                    <p>{item.quote}</p>
                  </blockquote>
                  <figcaption>
                    {media?.[item.photo ?? ''] ? (
                      <Picture id={item.photo} className="avatar avatar-photo" sizes="48px" alt="" />
                    ) : (
                      <span className="avatar" aria-hidden="true">
                        {item.avatarInitial}
                      </span>
                    )}
                    <span>
                      <strong>{item.name}</strong>
                      <span className="muted">
                        {item.title}, {item.company}
                      </span>
                    </span>
                  </figcaption>
                </figure>
              </div>
            ))}
          </div>
        </div>
        <button type="button" className="carousel-arrow next" aria-label={t.next} aria-controls="testimonial-slides">
          <Icon name="chevronRight" />
        </button>
      </div>
      <div className="carousel-dots">
        {items.map((_, i) => (
          <button
            key={i}
            type="button"
            className="dot"
            aria-label={`Show testimonial ${i + 1} of ${n}`}
            aria-current={i === index ? 'true' : undefined}
            aria-controls="testimonial-slides"
          />
        ))}
      </div>
    </section>
  );
}
