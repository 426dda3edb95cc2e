import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeSession, makeUser, renderApp, type Answer } from '../../../test/utils';
import { SignOffRequestsPanel } from '../student-moves/SignOffRequestsPanel';
import MovesPage from './MovesPage';
import type { SignOffRequestViewFragment } from './moves.generated';

jest.setTimeout(20_000);

const lyra = { __typename: 'Apparatus', id: 'a-lyra', name: 'Lyra' };
const moveCell = (id: string, name: string) => ({
  __typename: 'StudentMove',
  state: 'solid',
  refresh: false,
  cleanDays: 1,
  cleanReps: 1,
  signedOffAt: null,
  prerequisitesMet: true,
  signOffRequested: false,
  sides: [{ __typename: 'SideProgress', side: 'both', state: 'solid', daysCleared: 0 }],
  move: { __typename: 'Move', id, name, level: 1, aliases: [], hasSides: false, safetyNotes: '', imageUrl: null },
});
const myMoves: Answer = {
  data: {
    studentMoves: {
      __typename: 'StudentMoves',
      studentId: 'u-ada',
      studentName: 'Ada Air',
      apparatus: [
        {
          __typename: 'ApparatusMoves',
          apparatus: lyra,
          level: 0,
          nextLevel: null,
          learnNext: [],
          progress: [],
          moves: [moveCell('m-moon', 'Man in the Moon'), moveCell('m-star', 'Star'), moveCell('m-bird', 'Bird')],
        },
      ],
      history: [],
    },
    profile: { __typename: 'User', id: 'u-ada', familyMembers: [] },
  },
};
const request = (id: string, moveId: string, extra: Partial<Record<keyof SignOffRequestViewFragment, unknown>> = {}) => ({
  __typename: 'SignOffRequest',
  id,
  note: '',
  outcome: null,
  response: '',
  createdAt: '2030-01-01T10:00:00.000Z',
  closedAt: null,
  move: { __typename: 'Move', id: moveId },
  clip: null,
  ...extra,
});
const clip = {
  __typename: 'EvidenceClip',
  id: 'v-1',
  processing: 'ready',
  processingProgress: null,
  playbackUrl: '/media/videos/v-1?sig=x',
  posterUrl: null,
};
const student = () => fakeSession({ user: makeUser({ id: 'u-ada' }) });

describe('My Moves: sign-off requests with evidence clips', () => {
  it('shows each request as it stands: waiting (with a clip to attach), playing its clip, approved, or not yet with the note', async () => {
    renderApp(<MovesPage />, {
      session: student(),
      handlers: {
        MyMoves: myMoves,
        MySignOffRequests: {
          data: {
            studentSignOffRequests: [
              request('r-moon', 'm-moon'),
              request('r-star', 'm-star', {
                clip,
                closedAt: '2030-01-02T10:00:00.000Z',
                outcome: 'rejected',
                response: 'Point your toes.',
              }),
              request('r-bird', 'm-bird', { closedAt: '2030-01-02T10:00:00.000Z', outcome: 'approved' }),
            ],
          },
        },
      },
    });
    const moon = await screen.findByTestId('sign-off-request-m-moon');
    expect(within(moon).getByText('Waiting for your instructor')).toBeInTheDocument();
    expect(within(moon).getByRole('button', { name: 'Attach a clip of your attempt' })).toBeEnabled();

    const star = screen.getByTestId('sign-off-request-m-star');
    expect(within(star).getByText(/Not signed off yet\./)).toBeInTheDocument();
    expect(within(star).getByText(/Point your toes\./)).toBeInTheDocument();
    expect(within(star).getByLabelText('Your clip of Star')).toHaveAttribute('src', '/media/videos/v-1?sig=x');
    expect(within(star).queryByRole('button', { name: /Attach a clip/ })).toBeNull();

    expect(within(screen.getByTestId('sign-off-request-m-bird')).getByText('Sign-off approved')).toBeInTheDocument();
  });

  it('attaches a clip: the clip is made ready for the request, then the file picker (MP4, MOV, WebM) takes the file', async () => {
    const { calls } = renderApp(<MovesPage />, {
      session: student(),
      handlers: {
        MyMoves: myMoves,
        MySignOffRequests: { data: { studentSignOffRequests: [request('r-moon', 'm-moon')] } },
        StartEvidenceClip: {
          data: {
            startEvidenceClip: {
              __typename: 'EvidenceClipUpload',
              videoId: 'v-new',
              maxBytes: 1024 * 1024,
              request: request('r-moon', 'm-moon'),
            },
          },
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Attach a clip of your attempt' }));
    expect(await screen.findByText('Choose your clip')).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'StartEvidenceClip')?.variables).toMatchObject({ requestId: 'r-moon' });
    // A file over the limit the API gave is refused before anything is sent.
    const input = screen.getByTestId('video-file-input');
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(1024 * 1024 + 1)], 'attempt.mp4', { type: 'video/mp4' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('at most 1 MB');
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose an MP4, MOV or WebM file.');
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(await screen.findByRole('button', { name: 'Attach a clip of your attempt' })).toBeInTheDocument();
  });
});

describe('Student Moves: open sign-off requests', () => {
  const open = {
    __typename: 'SignOffRequest',
    id: 'r-moon',
    studentId: 'u-ada',
    studentName: 'Ada Air',
    note: 'Got it today',
    createdAt: '2030-01-01T10:00:00.000Z',
    move: { __typename: 'Move', id: 'm-moon', name: 'Man in the Moon' },
    clip: {
      __typename: 'EvidenceClip',
      id: 'v-1',
      processing: 'ready',
      processingProgress: null,
      playbackUrl: '/media/videos/v-1?sig=s',
      posterUrl: null,
    },
  };
  const closed = (outcome: string) => ({
    __typename: 'SignOffRequest',
    id: 'r-moon',
    outcome,
    response: 'Point your toes.',
    closedAt: '2030-01-02T10:00:00.000Z',
  });
  const staff = () => fakeSession({ user: makeUser({ id: 'u-ins', role: 'instructor' }) });

  it('plays the clip inline; "Not yet" needs a note, then closes the request with it', async () => {
    const { calls } = renderApp(<SignOffRequestsPanel />, {
      session: staff(),
      handlers: {
        OpenSignOffRequests: { data: { moveSignOffRequests: [open] } },
        RejectMoveSignOff: { data: { rejectMoveSignOff: closed('rejected') } },
      },
    });
    const card = await screen.findByRole('listitem', { name: 'Ada Air: Man in the Moon' });
    expect(within(card).getByLabelText('Clip of Ada Air: Man in the Moon')).toHaveAttribute('src', '/media/videos/v-1?sig=s');
    fireEvent.click(within(card).getByRole('button', { name: 'Not yet' }));
    expect(await within(card).findByText('Say what to work on, so the student knows.')).toBeInTheDocument();
    expect(calls.some((c) => c.operationName === 'RejectMoveSignOff')).toBe(false);

    fireEvent.change(within(card).getByLabelText('Note to the student'), { target: { value: '  Point your toes.  ' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Not yet' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Ada Air: Man in the Moon' })).toBeNull());
    expect(calls.find((c) => c.operationName === 'RejectMoveSignOff')?.variables).toEqual({
      requestId: 'r-moon',
      note: 'Point your toes.',
    });
  });

  it('approves without a note, and the request leaves the list', async () => {
    const { calls } = renderApp(<SignOffRequestsPanel />, {
      session: staff(),
      handlers: {
        OpenSignOffRequests: { data: { moveSignOffRequests: [open] } },
        ApproveMoveSignOff: { data: { approveMoveSignOff: { ...closed('approved'), response: '' } } },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Approve sign-off' }));
    await waitFor(() => expect(screen.queryByText('Sign-off requests (1)')).toBeNull());
    expect(calls.find((c) => c.operationName === 'ApproveMoveSignOff')?.variables).toEqual({ requestId: 'r-moon', note: '' });
  });
});
