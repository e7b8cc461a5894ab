// The site's main sections, shared by the header, the mobile drawer and the footer.
export const MAIN_NAV = [
  { path: '', label: 'home' },
  { path: '/blog', label: 'blog' },
  { path: '/about', label: 'about' },
  { path: '/contact', label: 'contact' },
] as const;

export const LEGAL_NAV = [
  { path: '/privacy-policy', label: 'privacyPolicy' },
  { path: '/terms-of-service', label: 'termsOfService' },
] as const;
