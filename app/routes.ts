import { index, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/root-redirect.tsx'),
  route(':lang', 'routes/lang-layout.tsx', [
    index('routes/home.tsx'),
    route('about', 'routes/about.tsx'),
    route('blog', 'routes/blog.tsx'),
    route('blog/:articleId', 'routes/blog-article.tsx'),
    route('privacy-policy', 'routes/privacy-policy.tsx'),
    route('terms-of-service', 'routes/terms-of-service.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
