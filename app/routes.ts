import { index, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/root-redirect.tsx'),
  // The theme toggle's form, for a click before the JavaScript has arrived.
  route('theme', 'routes/theme.ts'),
  route(':lang', 'routes/lang-layout.tsx', [
    index('routes/home.tsx'),
    route('about', 'routes/about.tsx'),
    route('impact', 'routes/impact.tsx'),
    route('blog', 'routes/blog.tsx'),
    route('blog/:articleId', 'routes/blog-article.tsx'),
    route('privacy-policy', 'routes/privacy-policy.tsx'),
    route('terms-of-service', 'routes/terms-of-service.tsx'),
    route('contact', 'routes/contact.tsx'),
    route('register', 'routes/register.tsx'),
    route('login', 'routes/login.tsx'),
    route('logout', 'routes/logout.tsx'),
    route('forget-password', 'routes/forget-password.tsx'),
    route('reset-password', 'routes/reset-password.tsx'),
    route('verify-email', 'routes/verify-email.tsx'),
    route('dashboard', 'routes/dashboard.tsx'),
    route('products/new', 'routes/product-form.tsx', { id: 'product-new' }),
    route('products/:productId/edit', 'routes/product-form.tsx', { id: 'product-edit' }),
    route('products/:productId/review', 'routes/product-review.ts'),
    route('products/:productId', 'routes/product.tsx'),
    route('shop/:userId', 'routes/shop.tsx'),
    route('report', 'routes/report.tsx'),
    route('admin', 'routes/admin/layout.tsx', [
      index('routes/admin/overview.tsx'),
      route('reports', 'routes/admin/reports.tsx'),
      route('review', 'routes/admin/review.tsx'),
      route('users', 'routes/admin/users.tsx'),
      route('users/:userId', 'routes/admin/user.tsx'),
      route('audit', 'routes/admin/audit.tsx'),
    ]),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
