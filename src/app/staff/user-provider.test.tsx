// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createSessionStore } from './session.ts';
import { UserProvider, useUser } from './user-provider.tsx';

function Greeting() {
  const { user, isLoggedIn } = useUser();
  return <p>{isLoggedIn ? `Ciao ${user?.firstName}` : 'anonimo'}</p>;
}

class Catch extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

beforeEach(() => localStorage.clear());

describe('UserProvider / useUser', () => {
  it('useUser outside the provider throws: it must be used inside the user provider', () => {
    // React reports the caught error to window and console; keep that quiet here.
    const swallow = (event: ErrorEvent) => event.preventDefault();
    window.addEventListener('error', swallow);
    const originalError = console.error;
    console.error = () => {};
    try {
      render(
        <Catch>
          <Greeting />
        </Catch>,
      );
    } finally {
      console.error = originalError;
      window.removeEventListener('error', swallow);
    }
    expect(screen.getByRole('alert').textContent).toMatch(/must be used inside the user provider/);
  });

  it('logged in means a user is present; follows the store', () => {
    const store = createSessionStore({
      storage: () => localStorage,
      checkToken: async () => ({ status: 'unknown' }),
    });
    render(
      <UserProvider store={store}>
        <Greeting />
      </UserProvider>,
    );
    expect(screen.getByText('anonimo')).toBeTruthy();
    act(() => store.save('tok', { email: 'a@example.test', firstName: 'Anna', lastName: 'R' }));
    expect(screen.getByText('Ciao Anna')).toBeTruthy();
    act(() => store.clear());
    expect(screen.getByText('anonimo')).toBeTruthy();
  });
});
