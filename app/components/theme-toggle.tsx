import { Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../lib/theme.tsx';

export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  const { t } = useTranslation();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      onClick={() => setTheme(dark ? 'light' : 'dark')}
      className="grid size-10 place-items-center rounded-full text-ink-muted hover:bg-surface-sunken hover:text-ink"
      aria-label={dark ? t('switchToLight') : t('switchToDark')}
      title={dark ? t('switchToLight') : t('switchToDark')}
      data-testid="theme-toggle"
    >
      {dark ? <Sun className="size-5" aria-hidden="true" /> : <Moon className="size-5" aria-hidden="true" />}
    </button>
  );
}
