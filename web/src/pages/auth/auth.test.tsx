import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { TOKEN_KEY } from '../../app/storage';
import { fakeSession, gqlError, makeUser, renderApp } from '../../../test/utils';
import ForgotPasswordPage from './ForgotPasswordPage';
import LoginPage from './LoginPage';
import { problemsOf } from '../../app/forms';
import { registrationForm } from './authForms';
import RegisterPage from './RegisterPage';
import ResetPasswordPage from './ResetPasswordPage';

const field = (name: string | RegExp) => screen.getByLabelText(name, { selector: 'input' });

describe('LoginPage', () => {
  it('asks for both fields before calling the server', async () => {
    const session = fakeSession();
    renderApp(<LoginPage />, { route: '/login', session });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your username.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(session.login).not.toHaveBeenCalled();
  });

  it("shows the server's message for wrong credentials", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp(<LoginPage />, { route: '/login', handlers: { Login: gqlError('UNAUTHENTICATED', 'Invalid username or password.') } });
    fireEvent.change(field(/^Username/), { target: { value: 'student' } });
    fireEvent.change(field(/^Password/), { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password.');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('signs in through the real session and lands on /waiver for an unsigned waiver', async () => {
    const user = makeUser({ waiverSigned: false });
    renderApp(<LoginPage />, {
      route: '/login',
      handlers: { Login: { data: { login: { __typename: 'AuthPayload', token: 'tok', redirect: '/waiver', user } } } },
    });
    jest.spyOn(console, 'info').mockImplementation(() => undefined);
    fireEvent.change(field(/^Username/), { target: { value: 'student' } });
    fireEvent.change(field(/^Password/), { target: { value: 'aerial-demo-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/waiver'));
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok');
  });

  it('sends someone already signed in on, to the page they came for or to /dashboard', async () => {
    localStorage.setItem(TOKEN_KEY, 'token-1');
    const session = fakeSession({ user: makeUser({ waiverSigned: true }) });
    // Only /login shows the page, as in the app (rendered everywhere, its redirect would repeat).
    const onlyAtLogin = (
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={null} />
      </Routes>
    );
    const first = renderApp(onlyAtLogin, { route: '/login', session });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    first.unmount();
    renderApp(onlyAtLogin, { route: '/login?next=%2Fclasses', session });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/classes'));
  });

  it('shows a rate-limit message from the server', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp(<LoginPage />, {
      route: '/login',
      handlers: { Login: gqlError('RATE_LIMITED', 'Too many failed sign-in attempts. Please try again in 15 minutes.') },
    });
    fireEvent.change(field(/^Username/), { target: { value: 'student' } });
    fireEvent.change(field(/^Password/), { target: { value: 'nope-nope-nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many failed sign-in attempts. Please try again in 15 minutes.');
  });
});

describe('RegisterPage', () => {
  const valid = {
    firstName: 'Ada',
    lastName: 'Flyer',
    username: 'ada.flyer',
    email: 'ada@example.com',
    password: 'silks-and-lyra-2025',
    birthday: '1990-04-02',
    isParentOrGuardian: false,
  };
  const validateRegistration = (values: typeof valid, today: string) => problemsOf(registrationForm(today), values);
  const today = '2025-06-15';

  it('validates every field like the server does', () => {
    expect(validateRegistration(valid, today)).toEqual({});
    expect(
      validateRegistration({ ...valid, firstName: ' ', username: 'a', email: 'nope', password: 'short', birthday: '' }, today),
    ).toEqual({
      firstName: 'This field is required.',
      username: 'Use 3 to 30 letters, digits, dots, dashes or underscores, starting with a letter or digit.',
      email: 'Enter a valid email address.',
      password: 'Use at least 10 characters.',
      birthday: 'Enter a birthday.',
    });
    expect(validateRegistration({ ...valid, password: 'my-ada.flyer-pass' }, today).password).toBe(
      'Your password must not contain your username.',
    );
    expect(validateRegistration({ ...valid, birthday: '2030-01-01' }, today).birthday).toBe('The birthday cannot be in the future.');
    expect(validateRegistration({ ...valid, birthday: '2010-01-01', isParentOrGuardian: true }, today).birthday).toBe(
      'A parent or guardian must be 18 or older.',
    );
    expect(validateRegistration({ ...valid, birthday: '2015-01-01' }, today).birthday).toMatch(/at least 13/);
  });

  function fill(values = valid) {
    fireEvent.change(field(/^First name/), { target: { value: values.firstName } });
    fireEvent.change(field(/^Last name/), { target: { value: values.lastName } });
    fireEvent.change(field(/^Username/), { target: { value: values.username } });
    fireEvent.change(field(/^Email/), { target: { value: values.email } });
    fireEvent.change(field(/^Password/), { target: { value: values.password } });
    fireEvent.change(field(/^Birthday/), { target: { value: values.birthday } });
  }

  it("shows the server's field errors next to the right inputs", async () => {
    renderApp(<RegisterPage />, {
      route: '/register',
      session: fakeSession(),
      handlers: {
        Register: gqlError('CONFLICT', 'That username is taken.', {
          username: 'That username is already taken.',
          email: 'That email is already registered.',
        }),
      },
    });
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('That username is already taken.')).toBeInTheDocument();
    expect(field(/^Username/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('That email is already registered.')).toBeInTheDocument();
  });

  it('registers a parent or guardian and goes to /waiver', async () => {
    const session = fakeSession();
    const { calls } = renderApp(<RegisterPage />, {
      route: '/register',
      session,
      handlers: {
        Register: {
          data: {
            register: {
              __typename: 'AuthPayload',
              token: 't',
              redirect: '/waiver',
              user: makeUser({ role: 'parent', waiverSigned: false }),
            },
          },
        },
      },
    });
    fill();
    fireEvent.click(screen.getByRole('checkbox', { name: 'I am a parent or guardian' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/waiver'));
    expect(calls[0].variables).toEqual({ input: { ...valid, isParentOrGuardian: true } });
    expect(session.signIn).toHaveBeenCalled();
  });
});

describe('password reset', () => {
  it('asks for an email and confirms without revealing whether it exists', async () => {
    const { calls } = renderApp(<ForgotPasswordPage />, {
      route: '/forgot-password',
      session: fakeSession(),
      handlers: { RequestPasswordReset: { data: { requestPasswordReset: true } } },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Enter your email address.')).toBeInTheDocument();
    fireEvent.change(field(/^Email/), { target: { value: 'sam@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(calls[0].variables).toEqual({ email: 'sam@example.com' });
  });

  it('reads the token from ?token= and sets the new password', async () => {
    const { calls } = renderApp(<ResetPasswordPage />, {
      route: '/reset-password?token=abc123',
      session: fakeSession(),
      handlers: { ResetPassword: { data: { resetPassword: true } } },
    });
    fireEvent.change(field(/^New password/), { target: { value: 'a-brand-new-secret' } });
    fireEvent.change(field(/^Confirm new password/), { target: { value: 'a-brand-new-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
    expect(calls[0].variables).toEqual({ token: 'abc123', password: 'a-brand-new-secret' });
  });

  it("shows an expired link's message and the password problems next to their fields", async () => {
    const { rerender } = renderApp(<ResetPasswordPage />, {
      route: '/reset-password?token=old',
      session: fakeSession(),
      handlers: {
        ResetPassword: gqlError('BAD_USER_INPUT', 'x', { token: 'This reset link is invalid or has expired. Please ask for a new one.' }),
      },
    });
    fireEvent.change(field(/^New password/), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Use at least 10 characters.')).toBeInTheDocument();
    expect(screen.getByText('Enter the new password again.')).toBeInTheDocument();
    fireEvent.change(field(/^New password/), { target: { value: 'long-enough-secret' } });
    fireEvent.change(field(/^Confirm new password/), { target: { value: 'long-enough-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is invalid or has expired.');
    void rerender;
  });

  it('without a token explains the link is incomplete', () => {
    renderApp(<ResetPasswordPage />, { route: '/reset-password', session: fakeSession() });
    expect(screen.getByRole('heading', { name: 'Reset link incomplete' })).toBeInTheDocument();
  });
});
