// The theme lives in a cookie (so the server renders it: no flash) and in local
// storage (the specification's client state); the provider keeps React in step.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { THEME_STORAGE_KEY, type Theme } from '../../common/constants.ts';
import { themeCookie } from '../../common/cookies.ts';

const ThemeContext = createContext<{ theme: Theme; setTheme: (t: Theme) => void }>({
  theme: 'light',
  setTheme: () => {},
});

export function ThemeProvider({ initial, children }: { initial: Theme; children: ReactNode }) {
  const [theme, setState] = useState<Theme>(initial);
  const setTheme = useCallback((next: Theme) => {
    setState(next);
    const root = document.documentElement;
    root.classList.remove('light', 'dark');
    root.classList.add(next);
    root.style.colorScheme = next;
    document.cookie = themeCookie(next);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Private mode may refuse storage; the cookie is enough.
    }
  }, []);
  const value = useMemo(() => ({ theme, setTheme }), [theme, setTheme]);
  return <ThemeContext value={value}>{children}</ThemeContext>;
}

export const useTheme = () => useContext(ThemeContext);
