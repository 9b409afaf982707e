import { useTranslation } from 'react-i18next';
import { favourites, useFavourites } from '../favourites';

/** The star before a market row: toggles the instrument in this browser's favourites. */
export function FavouriteButton({ code, name }: { code: string; name: string }) {
  const { t } = useTranslation('markets');
  const list = useFavourites();
  const on = list.includes(code);
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={t(on ? 'favourites.remove' : 'favourites.add', { name })}
      data-favourite={code}
      onClick={() => favourites.toggle(code)}
      className={`inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-subtle ${on ? 'text-demo' : 'text-muted'}`}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5">
        <path
          d="m12 3 2.7 5.6 6.1.8-4.5 4.3 1.1 6.1L12 16.9l-5.4 2.9 1.1-6.1-4.5-4.3 6.1-.8z"
          fill={on ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
