import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeInstructor } from '../../../test/classFixtures';
import { fakeSession, makeUser, renderApp } from '../../../test/utils';
import { InstructorAvatar, nameInitials } from './InstructorAvatar';
import { InstructorCard } from './InstructorCard';
import { InstructorProfileEditor, instructorProfileForm } from './InstructorProfileEditor';
import { problemsOf } from '../../app/forms';

const SILKS = { id: 'app-silks', name: 'Silks' };
const LYRA = { id: 'app-lyra', name: 'Lyra' };
const APPARATUSES = [SILKS, LYRA].map((a) => ({ __typename: 'Apparatus', ...a }));
const iris = (o: Partial<Parameters<typeof makeInstructor>[0]> = {}) =>
  makeInstructor({ id: 'u-iris', name: 'Iris Vale', bio: 'Eight years on silks.', apparatuses: [SILKS], ...o });

const editor = (person = iris(), handlers = {}) =>
  renderApp(<InstructorProfileEditor userId={person.id} />, {
    session: fakeSession({ user: makeUser({ id: person.id, role: 'instructor' }) }),
    handlers: { InstructorProfileEditor: { data: { instructor: person, apparatuses: APPARATUSES } }, ...handlers },
  });

describe('the instructor avatar', () => {
  it('shows initials when there is no photo, the photo when there is', () => {
    expect(nameInitials('Iris Vale')).toBe('IV');
    expect(nameInitials('Cher')).toBe('C');
    expect(nameInitials('Anna Maria Lopez')).toBe('AL');
    const { container, rerender } = renderApp(<InstructorAvatar name="Iris Vale" />);
    expect(container).toHaveTextContent('IV');
    expect(container.querySelector('img')).toBeNull();
    rerender(<InstructorAvatar name="Iris Vale" photoUrl="/api/instructors/u-iris/photo?v=1" />);
    expect(container.querySelector('img')).toHaveAttribute('src', '/api/instructors/u-iris/photo?v=1');
  });
});

it('shows the instructor on class details: name, apparatus and bio', () => {
  renderApp(<InstructorCard instructor={iris({ apparatuses: [SILKS, LYRA] })} />);
  const card = screen.getByRole('region', { name: 'About Iris Vale' });
  expect(within(card).getByRole('heading', { name: 'Iris Vale' })).toBeInTheDocument();
  expect(within(card).getByText('Silks')).toBeInTheDocument();
  expect(within(card).getByText('Lyra')).toBeInTheDocument();
  expect(card).toHaveTextContent('Eight years on silks.');
  expect(card).toHaveTextContent('IV');
});

describe('editing an instructor profile', () => {
  it('checks the bio with the shared rule before sending anything', () => {
    expect(problemsOf(instructorProfileForm, { bio: 'x'.repeat(1001), apparatusIds: [] })).toEqual({
      bio: 'Use at most 1,000 characters.',
    });
    expect(problemsOf(instructorProfileForm, { bio: '', apparatusIds: [] })).toEqual({});
  });

  it('saves the bio and the apparatus picked', async () => {
    const { calls } = editor(iris(), {
      UpdateInstructorProfile: { data: { updateInstructorProfile: iris({ bio: 'Lyra and silks.', apparatuses: [SILKS, LYRA] }) } },
    });
    const bio = await screen.findByRole('textbox', { name: 'Bio' });
    expect(bio).toHaveValue('Eight years on silks.');
    expect(screen.getByRole('button', { name: 'Silks' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Save profile' })).toBeDisabled();
    fireEvent.change(bio, { target: { value: 'Lyra and silks.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lyra' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save profile' })));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Profile saved');
    expect(calls.find((op) => op.operationName === 'UpdateInstructorProfile')?.variables).toEqual({
      userId: 'u-iris',
      input: { bio: 'Lyra and silks.', apparatusIds: ['app-silks', 'app-lyra'] },
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save profile' })).toBeDisabled());
  });

  it('shows a too-long bio under the field and sends nothing', async () => {
    const { calls } = editor();
    const bio = await screen.findByRole('textbox', { name: 'Bio' });
    fireEvent.change(bio, { target: { value: 'x'.repeat(1001) } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save profile' })));
    expect(await screen.findByText('Use at most 1,000 characters.')).toBeInTheDocument();
    expect(calls.map((op) => op.operationName)).not.toContain('UpdateInstructorProfile');
  });

  it('refuses a file that is not a JPEG, PNG or WebP before uploading it', async () => {
    editor();
    const input = await screen.findByLabelText('Photo file');
    const gif = new File(['GIF89a'], 'me.gif', { type: 'image/gif' });
    await act(async () => fireEvent.change(input, { target: { files: [gif] } }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a JPEG, PNG or WebP image.');
  });

  it('uploads a photo with the session token and shows it at once; removes it again', async () => {
    const sent: { url: string; method?: string; body: unknown }[] = [];
    const realFetch = global.fetch;
    global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({ url: String(input), method: init?.method, body: init?.body });
      return { ok: true, text: async () => JSON.stringify({ id: 'u-iris', photoUrl: '/api/instructors/u-iris/photo?v=abc' }) };
    }) as unknown as typeof fetch;
    localStorage.setItem('token', 'tok-1');
    try {
      const { container } = editor(iris(), {
        RemoveInstructorPhoto: { data: { removeInstructorPhoto: { __typename: 'PersonSummary', id: 'u-iris', photoUrl: null } } },
      });
      const input = await screen.findByLabelText('Photo file');
      const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'me.jpg', { type: 'image/jpeg' });
      await act(async () => fireEvent.change(input, { target: { files: [jpeg] } }));
      expect(await screen.findByTestId('toast')).toHaveTextContent('Photo saved');
      expect(sent).toEqual([{ url: '/api/instructors/u-iris/photo', method: 'PUT', body: jpeg }]);
      expect((global.fetch as jest.Mock).mock.calls[0][1].headers).toMatchObject({
        authorization: 'Bearer tok-1',
        'content-type': 'image/jpeg',
      });
      await waitFor(() => expect(container.querySelector('img')).toHaveAttribute('src', '/api/instructors/u-iris/photo?v=abc'));
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove photo' })));
      await waitFor(() => expect(container.querySelector('img')).toBeNull());
      expect(screen.getByRole('button', { name: 'Upload photo' })).toBeInTheDocument();
    } finally {
      global.fetch = realFetch;
      localStorage.removeItem('token');
    }
  });

  it('names the server’s refusal of a photo (its bytes are not an image)', async () => {
    const realFetch = global.fetch;
    global.fetch = jest.fn(async () => ({
      ok: false,
      text: async () => 'photo: The photo must be a JPEG, PNG or WebP image.',
    })) as unknown as typeof fetch;
    try {
      editor();
      const input = await screen.findByLabelText('Photo file');
      const fake = new File(['not really'], 'me.png', { type: 'image/png' });
      await act(async () => fireEvent.change(input, { target: { files: [fake] } }));
      expect(await screen.findByRole('alert')).toHaveTextContent('The photo must be a JPEG, PNG or WebP image.');
    } finally {
      global.fetch = realFetch;
    }
  });
});
