import { useTranslation } from '#i18n';
import { useNavigation } from 'react-router';

/**
 * A thin bar at the top of the window while React Router loads the next page, so that a slow
 * line does not look like a frozen page. It appears only after 150 ms (app.css), so quick
 * navigations do not flash it, and creeps towards the end without ever claiming to be done.
 */
export function NavigationProgress() {
  const { t } = useTranslation('layout');
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div className="navigation-progress fixed inset-x-0 top-0 z-[60] h-1" role="progressbar" aria-label={t('shell.pageLoading')} data-testid="navigation-progress">
      <div className="navigation-progress-bar h-full bg-brand" />
    </div>
  );
}
