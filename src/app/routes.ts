import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
import { SECTIONS } from './back-office/sections.ts';

// Every public and staff path; anything else is the 404 page.
export default [
  layout('routes/public/layout.tsx', [
    index('routes/public/home.tsx', { id: 'home' }),
    route('home', 'routes/public/home.tsx', { id: 'home-alias' }),
    route('menu', 'routes/public/menu.tsx'),
    route('about-us', 'routes/public/about-us.tsx'),
    route('contact', 'routes/public/contact.tsx'),
    route('reservations', 'routes/public/reservations.tsx'),
    route('reservations/cancel', 'routes/public/reservations-cancel.tsx'),
    route('reviews/stop', 'routes/public/reviews-stop.tsx'),
    route('reservations/confirm', 'routes/public/reservations-confirm.tsx'),
    route('takeaway', 'routes/public/takeaway.tsx'),
    route('takeaway/order', 'routes/public/takeaway-order.tsx'),
    route('events', 'routes/public/events.tsx'),
    route('privacy', 'routes/public/privacy.tsx'),
    route('*', 'routes/public/not-found.tsx'),
  ]),
  layout('routes/staff/layout.tsx', [
    route('login', 'routes/staff/login.tsx'),
    route('send-email', 'routes/staff/send-email.tsx'),
    route('reset-password', 'routes/staff/reset-password.tsx'),
    route('accept-invite', 'routes/staff/accept-invite.tsx'),
    route('setup', 'routes/staff/setup.tsx'),
    // The back office: one shell (header, sections, the login gate), a page
    // per section of the list (src/app/back-office/sections.ts).
    route(
      'dashboard',
      'routes/staff/dashboard-shell.tsx',
      SECTIONS.map(({ path, module }) => (path ? route(path, module) : index(module))),
    ),
    route('loading', 'routes/staff/loading.tsx'),
  ]),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
] satisfies RouteConfig;
