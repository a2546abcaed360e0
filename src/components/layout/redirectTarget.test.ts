import { ROUTES } from '../../shared/routes';
import { redirectTarget } from './redirectTarget';

describe('redirectTarget', () => {
  it('returns the path or location that asked for sign-in', () => {
    expect(redirectTarget({ from: '/product?page=2' })).toBe('/product?page=2');
    expect(redirectTarget({ from: { pathname: '/profile', search: '', hash: '#a' } })).toBe('/profile#a');
  });

  it('refuses other origins and guest pages', () => {
    expect(redirectTarget({ from: '//evil.example' })).toBe(ROUTES.dashboard);
    expect(redirectTarget({ from: 'https://evil.example/' })).toBe(ROUTES.dashboard);
    expect(redirectTarget({ from: ROUTES.login })).toBe(ROUTES.dashboard);
    expect(redirectTarget({ from: `${ROUTES.resetPassword}?token=abc` })).toBe(ROUTES.dashboard);
  });

  it('goes to the dashboard when no page asked for sign-in', () => {
    expect(redirectTarget(null)).toBe(ROUTES.dashboard);
    expect(redirectTarget({})).toBe(ROUTES.dashboard);
  });
});
