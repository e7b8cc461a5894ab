/** The profile photo, or the first two characters of the name in upper case. */
export function Avatar({ name, image, size = 'md' }: { name: string; image: string | null; size?: 'sm' | 'md' | 'lg' }) {
  const box = { sm: 'size-9 text-sm', md: 'size-12 text-base', lg: 'size-20 text-2xl' }[size];
  if (image) {
    return <img src={image} alt="" width={256} height={256} className={`${box} shrink-0 rounded-full object-cover`} />;
  }
  return (
    <span aria-hidden="true" className={`${box} grid shrink-0 place-items-center rounded-full bg-brand-soft font-bold text-brand-strong`}>
      {initialsOf(name)}
    </span>
  );
}

export function initialsOf(name: string): string {
  return Array.from(name.trim()).slice(0, 2).join('').toLocaleUpperCase();
}

/** The signed-in person's name over their e-mail, as the header menu and drawer show them. */
export function NameAndEmail({ name, email }: { name: string; email: string }) {
  return (
    <div className="min-w-0">
      <p className="truncate font-semibold text-ink" dir="auto">
        {name}
      </p>
      <p className="truncate text-sm text-ink-muted" dir="ltr">
        {email}
      </p>
    </div>
  );
}
