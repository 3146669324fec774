import { ratingDisplay } from '../../domain/rules/providerFacts.ts';

/** A place's rating as a small badge: "New" until someone has rated it, else ★ 4.3 · 12 reviews. */
export function Rating({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  const shown = ratingDisplay(rating, reviewCount);
  if (shown.isNew) {
    return (
      <span className="badge badge-ghost" title="No reviews yet">
        New<span className="sr-only">: no reviews yet</span>
      </span>
    );
  }
  return (
    <span className="badge badge-ghost">
      <span aria-hidden="true">★</span> {shown.value}
      <span className="sr-only"> out of 5</span> · {shown.reviews}
    </span>
  );
}
