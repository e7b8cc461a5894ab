import { Moon, Sun } from 'lucide-react';
import { useTranslation } from '#i18n';
import { useLocation } from 'react-router';
import { useTheme } from '../lib/theme.tsx';

/**
 * A form posting to /theme, which sets the cookie and comes back here: so the toggle works
 * before the JavaScript has arrived. Once React is there it switches in place, no request.
 */
export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  const { t } = useTranslation();
  const location = useLocation();
  const next = theme === 'dark' ? 'light' : 'dark';
  const label = next === 'light' ? t('switchToLight') : t('switchToDark');
  return (
    <form
      method="post"
      action="/theme"
      className="flex"
      onSubmit={(event) => {
        event.preventDefault();
        setTheme(next);
      }}
    >
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      <button
        type="submit"
        className="grid size-10 place-items-center rounded-full text-ink-muted hover:bg-surface-sunken hover:text-ink"
        aria-label={label}
        title={label}
        data-testid="theme-toggle"
      >
        {next === 'light' ? <Sun className="size-5" aria-hidden="true" /> : <Moon className="size-5" aria-hidden="true" />}
      </button>
    </form>
  );
}
