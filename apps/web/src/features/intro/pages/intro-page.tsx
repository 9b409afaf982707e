import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguagePicker } from '../../../shared/i18n/language-picker';
import { paths } from '../../../shared/navigation/paths';
import { useSession } from '../../../shared/session/session-store';
import { BrandMark } from '../../../shared/ui/brand-mark';
import { Button } from '../../../shared/ui/button';
import { Icon, type IconName } from '../../../shared/ui/icons';
import { ThemeToggle } from '../../../shared/ui/theme-toggle';
import { IntroInPlaceContext } from '../intro-context';
import { dismissIntro } from '../intro-state';

const slides: { id: 'feed' | 'ledger' | 'withdrawals'; icon: IconName }[] = [
  { id: 'feed', icon: 'pulse' },
  { id: 'ledger', icon: 'ledger' },
  { id: 'withdrawals', icon: 'shield' },
];

/**
 * The intro board (spec §2): what SWX is and the three promises it is built on. Continue leads to
 * registration (home when already logged in); Skip leads to the page the visitor arrived at (home
 * at /introduction); either dismisses the board for the rest of the browser session. On a first
 * visit the board stands in place of the page asked for, without a navigation.
 */
export default function IntroPage() {
  const { t } = useTranslation('intro');
  const navigate = useNavigate();
  const { token } = useSession();

  const inPlace = useContext(IntroInPlaceContext);

  /** `null`: stay on the page the visitor arrived at (home when the board has its own address). */
  const leave = (to: string | null) => {
    dismissIntro();
    if (inPlace) inPlace(to);
    else void navigate(to ?? paths.home, { replace: true });
  };

  return (
    <div className="flex flex-1 flex-col bg-canvas">
      <title>{t('documentTitle')}</title>
      <div className="mx-auto flex w-full max-w-5xl flex-1 flex-col px-4 pt-[max(1rem,env(safe-area-inset-top))] pb-[max(1.5rem,env(safe-area-inset-bottom))] sm:px-6">
        <div className="flex items-center justify-between gap-2">
          <span className="inline-flex items-center gap-2 text-lg font-bold">
            <BrandMark />
            <span dir="ltr">SWX</span>
          </span>
          <div className="flex items-center">
            <LanguagePicker compact />
            <ThemeToggle />
          </div>
        </div>

        <div className="flex flex-1 flex-col justify-center py-8 md:py-12">
          <p className="text-sm font-semibold tracking-wide text-link uppercase">{t('eyebrow')}</p>
          <h1 className="mt-2 max-w-3xl text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {t('title')}
          </h1>
          <p className="mt-3 max-w-2xl text-base text-muted sm:text-lg">{t('lead')}</p>

          <ol className="mt-8 grid gap-4 md:grid-cols-3" aria-label={t('principles')}>
            {slides.map((slide, index) => (
              <li
                key={slide.id}
                data-slide={slide.id}
                className="flex gap-4 rounded-2xl border border-line bg-surface p-5 md:flex-col"
              >
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-link">
                  <Icon name={slide.icon} className="size-6" />
                </span>
                <div>
                  <h2 className="font-semibold">
                    <span className="sr-only">{t('slideNumber', { number: index + 1 })} </span>
                    {t(`slides.${slide.id}.title`)}
                  </h2>
                  <p className="mt-1 text-sm text-muted">{t(`slides.${slide.id}.body`)}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>

        <div className="flex flex-col gap-3 sm:flex-row-reverse sm:justify-start">
          <Button
            size="lg"
            onClick={() => leave(token ? paths.home : paths.register)}
            icon={<Icon name="arrowEnd" className="size-5" />}
            className="flex-row-reverse"
          >
            {t('continue')}
          </Button>
          <Button variant="secondary" size="lg" onClick={() => leave(null)}>
            {t('skip')}
          </Button>
        </div>
      </div>
    </div>
  );
}
