// Password input with show/hide and, for new passwords, the live hints of the
// specification: each struck through when met, red once the field is dirty or in error.
import { Eye, EyeOff } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from '#i18n';
import { PASSWORD_HINTS } from '../../../common/password-rules.ts';
import { FieldShell, inputClass } from './field.tsx';

interface Props {
  name: string;
  label: string;
  error?: string;
  autoComplete: 'current-password' | 'new-password';
  withHints?: boolean;
}

export function PasswordField({ name, label, error, autoComplete, withHints = false }: Props) {
  const { t } = useTranslation(['auth', 'validation']);
  const [value, setValue] = useState('');
  const [dirty, setDirty] = useState(false);
  const [visible, setVisible] = useState(false);
  // The input is left uncontrolled so that what was typed before the page was hydrated (the
  // form is plain HTML until then) or filled in by the browser stays, and the hints pick it
  // up once React is there.
  const takeOverTyped = useCallback((input: HTMLInputElement | null) => {
    if (input?.value) {
      setValue(input.value);
      setDirty(true);
    }
  }, []);
  const hints = withHints ? (
    <ul className="grid gap-1" aria-live="polite">
      {PASSWORD_HINTS.map((hint) => {
        const met = hint.test(value);
        const alarming = !met && (dirty || Boolean(error));
        return (
          <li key={hint.key} data-met={met} className={`${met ? 'text-ink-muted line-through' : alarming ? 'text-danger' : 'text-ink-muted'}`}>
            {t(`validation:${hint.key}`)}
          </li>
        );
      })}
    </ul>
  ) : undefined;
  return (
    <FieldShell label={label} error={error} hint={hints}>
      {({ id, describedBy, invalid }) => (
        <div className="relative">
          <input
            id={id}
            name={name}
            type={visible ? 'text' : 'password'}
            autoComplete={autoComplete}
            required
            maxLength={128}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            className={`${inputClass} pe-12`}
            dir="ltr"
            ref={takeOverTyped}
            onChange={(event) => {
              setValue(event.target.value);
              setDirty(true);
            }}
          />
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            className="absolute inset-y-0 end-0 grid w-11 place-items-center text-ink-muted hover:text-ink"
            aria-label={visible ? t('hidePassword') : t('showPassword')}
            aria-pressed={visible}
          >
            {visible ? <EyeOff className="size-5" aria-hidden="true" /> : <Eye className="size-5" aria-hidden="true" />}
          </button>
        </div>
      )}
    </FieldShell>
  );
}
