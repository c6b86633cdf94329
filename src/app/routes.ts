import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

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
    route('takeaway', 'routes/public/takeaway.tsx'),
    route('takeaway/order', 'routes/public/takeaway-order.tsx'),
    route('events', 'routes/public/events.tsx'),
    route('*', 'routes/public/not-found.tsx'),
  ]),
  layout('routes/staff/layout.tsx', [
    route('login', 'routes/staff/login.tsx'),
    route('send-email', 'routes/staff/send-email.tsx'),
    route('reset-password', 'routes/staff/reset-password.tsx'),
    route('accept-invite', 'routes/staff/accept-invite.tsx'),
    // The back office: one shell (header, sections, the login gate), a page per section.
    route('dashboard', 'routes/staff/dashboard-shell.tsx', [
      index('routes/staff/dashboard.tsx'),
      route('reservations', 'routes/staff/reservations.tsx'),
      route('takeaway', 'routes/staff/takeaway.tsx'),
      route('events', 'routes/staff/events.tsx'),
      route('menu', 'routes/staff/menu.tsx'),
      route('hours', 'routes/staff/hours.tsx'),
      route('photos', 'routes/staff/photos.tsx'),
      route('texts', 'routes/staff/texts.tsx'),
      route('print', 'routes/staff/print.tsx'),
      route('messages', 'routes/staff/messages.tsx'),
      route('team', 'routes/staff/team.tsx'),
      route('audit', 'routes/staff/audit.tsx'),
      route('account', 'routes/staff/account.tsx'),
    ]),
    route('loading', 'routes/staff/loading.tsx'),
  ]),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
] satisfies RouteConfig;
