import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeSession, gqlError, makeUser, renderApp, setViewportWidth, type Answer, type Handler } from '../../../test/utils';
import StaffChatPage from './StaffChatPage';

// The first test also pays for the page's first compile when the machine is shared.
jest.setTimeout(20_000);

const instructor = makeUser({ id: 'u-ines', role: 'instructor', firstName: 'Ines', lastName: 'Park' });
const admin = makeUser({ id: 'u-ada', role: 'admin', firstName: 'Ada', lastName: 'Lee' });
const person = (id: string, firstName: string, role = 'parent') => ({ __typename: 'ChatPerson', id, firstName, lastName: 'Reyes', role });
const PAULA = person('u-paula', 'Paula');
const INES = person('u-ines', 'Ines', 'instructor');

const now = () => new Date().toISOString();
function message(id: string, body: string, author = PAULA, extra: Record<string, unknown> = {}) {
  return {
    __typename: 'ChatMessageView',
    id,
    conversationId: 'c-fam',
    body,
    source: 'chat',
    createdAt: now(),
    editedAt: null,
    deletedAt: null,
    author,
    deletedBy: null,
    ...extra,
  };
}

function conversation(id: string, kind: string, title: string, unreadCount: number, body: string | null = null) {
  return {
    __typename: 'ConversationSummary',
    id,
    kind,
    title,
    unreadCount,
    otherUserId: null,
    lastMessage: body
      ? {
          __typename: 'ChatMessageView',
          id: `${id}-last`,
          body,
          createdAt: now(),
          deletedAt: null,
          author: { __typename: 'ChatPerson', id: 'x', firstName: 'Paula' },
        }
      : null,
  };
}

const CONVERSATIONS = {
  data: {
    staffChat: {
      __typename: 'StaffChatOverview',
      totalUnread: 3,
      conversations: [
        conversation('c-fam', 'family', 'Paula Reyes (family)', 2, 'Is class on?'),
        conversation('c-room', 'staff_room', 'Staff room', 1, 'Rigging check at 5'),
        conversation('c-feed', 'feedback', 'Feedback', 0),
      ],
    },
  },
};

function page(items: unknown[], hasOlder = false): Answer {
  return { data: { chatMessages: { __typename: 'ChatMessagePage', hasOlder, olderCursor: hasOlder ? 'm-1' : null, items } } };
}

function renderChat(user = instructor, handlers: Record<string, Handler | Answer> = {}) {
  return renderApp(<StaffChatPage />, {
    route: '/staff-chat',
    session: fakeSession({ user }),
    handlers: {
      StaffChatConversations: CONVERSATIONS,
      ChatMessages: page([
        message('m-2', '<script>alert("x")</script><b>bold?</b>'),
        message('m-3', 'Thanks! See https://studio.test/classes', INES),
      ]),
      ChatReceipts: {
        data: {
          chatReceipts: [{ __typename: 'ChatReceipt', lastReadMessageId: 'm-3', readAt: now(), user: PAULA }],
        },
      },
      ChatStaff: { data: { chatStaff: [] } },
      MarkChatRead: { data: { markChatRead: null } },
      ...handlers,
    },
  });
}

it('lists conversations with unread badges and opens the first: messages are text (never HTML), links work, receipts show', async () => {
  const { container } = renderChat();
  const list = await screen.findByRole('list', { name: 'Conversations' });
  expect(within(list).getByText('Paula Reyes (family)')).toBeInTheDocument();
  expect(within(list).getByLabelText('2 unread')).toHaveTextContent('2');
  expect(within(list).getByLabelText('1 unread')).toHaveTextContent('1');
  expect(await screen.findByText('<script>alert("x")</script><b>bold?</b>')).toBeInTheDocument();
  expect(container.querySelector('script')).toBeNull();
  expect(container.querySelector('b')).toBeNull();
  expect(screen.getByRole('link', { name: 'https://studio.test/classes' })).toHaveAttribute('rel', expect.stringContaining('noopener'));
  expect(screen.getByTestId('seen-by')).toHaveTextContent('Seen by Paula');
});

it('sends a message, refuses one that is too long with the rule’s message, and offers edit/delete only on own recent messages', async () => {
  const { calls } = renderChat(instructor, {
    SendChatMessage: { data: { sendChatMessage: message('m-4', 'On my way', INES) } },
  });
  await screen.findByText('<script>alert("x")</script><b>bold?</b>');
  const box = screen.getByRole('textbox', { name: 'Message' });
  fireEvent.change(box, { target: { value: 'x'.repeat(2001) } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('A message can be at most 2,000 characters.')).toBeInTheDocument();
  expect(calls.some((c) => c.operationName === 'SendChatMessage')).toBe(false);
  fireEvent.change(box, { target: { value: 'On my way' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('On my way')).toBeInTheDocument();
  expect(calls.find((c) => c.operationName === 'SendChatMessage')?.variables).toEqual({ conversationId: 'c-fam', body: 'On my way' });
  // Own messages have actions; Paula's do not (an instructor is no moderator).
  expect(screen.getAllByRole('button', { name: /Message actions/ })).toHaveLength(2);
});

it('lets an admin delete any message and shows the trace', async () => {
  renderChat(admin, {
    DeleteChatMessage: {
      data: {
        deleteChatMessage: message('m-2', '', PAULA, { deletedAt: now(), deletedBy: person('u-ada', 'Ada', 'admin') }),
      },
    },
  });
  await screen.findByText('<script>alert("x")</script><b>bold?</b>');
  fireEvent.click(screen.getAllByRole('button', { name: /Message actions/ })[0]);
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete (moderation)' }));
  expect(await screen.findByTestId('deleted-message')).toHaveTextContent('Message deleted by Ada Reyes');
});

it('searches within the conversation', async () => {
  const { calls } = renderChat(instructor, { SearchChat: { data: { searchChat: [message('m-9', 'Stretching on Friday')] } } });
  await screen.findByText('<script>alert("x")</script><b>bold?</b>');
  fireEvent.click(screen.getByRole('button', { name: 'Search this conversation' }));
  fireEvent.change(screen.getByRole('textbox', { name: 'Search messages' }), { target: { value: 'stretch' } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  expect(await screen.findByText('1 message found')).toBeInTheDocument();
  expect(calls.find((c) => c.operationName === 'SearchChat')?.variables).toEqual({ conversationId: 'c-fam', query: 'stretch' });
});

it('on a phone shows the list first, then the thread with a way back', async () => {
  setViewportWidth(375);
  renderChat();
  const list = await screen.findByRole('list', { name: 'Conversations' });
  expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
  fireEvent.click(within(list).getByText('Staff room'));
  expect(await screen.findByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'Conversations' })).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Back to conversations' }));
  await waitFor(() => expect(screen.getByRole('list', { name: 'Conversations' })).toBeInTheDocument());
});

it('says so when the conversations cannot be loaded', async () => {
  renderChat(instructor, { StaffChatConversations: gqlError('FORBIDDEN', 'You do not have permission to do that.') });
  expect(await screen.findByText('You do not have permission to do that.')).toBeInTheDocument();
});

describe('in a background tab', () => {
  const setVisibility = (state: 'hidden' | 'visible') => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
  };
  afterEach(() => {
    delete (document as { visibilityState?: string }).visibilityState;
  });

  it('a conversation on screen is not marked read until the tab is visible; messages arriving meanwhile stay unread', async () => {
    setVisibility('hidden');
    let deliver: (answer: Answer) => void = () => undefined;
    const { calls } = renderChat(instructor, {
      ChatEvents: () => new Promise<Answer>((resolve) => (deliver = resolve)),
    });
    await screen.findByText('<script>alert("x")</script><b>bold?</b>');
    await waitFor(() => expect(calls.some((c) => c.operationName === 'ChatEvents')).toBe(true));
    deliver({
      data: {
        chatEvents: {
          __typename: 'ChatEvent',
          kind: 'message_added',
          conversationId: 'c-fam',
          message: message('m-5', 'Are you there?'),
          user: null,
          receipt: null,
        },
      },
    });
    expect(await screen.findByText('Are you there?')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.operationName === 'MarkChatRead')).toEqual([]);
    const list = screen.getByRole('list', { name: 'Conversations' });
    expect(within(list).getByLabelText('2 unread')).toBeInTheDocument();

    setVisibility('visible');
    await waitFor(() =>
      expect(calls.filter((c) => c.operationName === 'MarkChatRead').map((c) => c.variables)).toEqual([
        { conversationId: 'c-fam', messageId: 'm-5' },
      ]),
    );
  });
});

it('staff message a family that has not used the chat yet: search the families, pick one, and its new thread opens', async () => {
  let started = false;
  const { calls } = renderChat(instructor, {
    StaffChatConversations: () => ({
      data: {
        staffChat: {
          ...CONVERSATIONS.data.staffChat,
          conversations: [
            ...(started ? [conversation('c-noor', 'family', 'Noor Quill (family)', 0)] : []),
            ...CONVERSATIONS.data.staffChat.conversations,
          ],
        },
      },
    }),
    ChatFamilies: ({ variables }) => ({
      data: {
        chatFamilies: [
          { __typename: 'ChatFamily', id: 'u-noor', firstName: 'Noor', lastName: 'Quill', conversationId: null },
          { __typename: 'ChatFamily', id: 'u-paula', firstName: 'Paula', lastName: 'Reyes', conversationId: 'c-fam' },
        ].filter((f) => !variables.search || `${f.firstName} ${f.lastName}`.toLowerCase().includes(String(variables.search))),
      },
    }),
    StartFamilyChat: () => {
      started = true;
      return { data: { startFamilyChat: { ...conversation('c-noor', 'family', 'Noor Quill (family)', 0), lastMessage: undefined } } };
    },
  });
  await screen.findByText('<script>alert("x")</script><b>bold?</b>');
  fireEvent.click(screen.getByRole('button', { name: 'Message a family' }));
  const dialog = await screen.findByRole('dialog', { name: 'Message a family' });
  expect(await within(dialog).findByText('Paula Reyes')).toBeInTheDocument();
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Search families' }), { target: { value: 'noor' } });
  await waitFor(() => expect(within(dialog).queryByText('Paula Reyes')).not.toBeInTheDocument());
  // The list narrows at once; the search is sent once typing pauses.
  await waitFor(() => expect(calls.filter((c) => c.operationName === 'ChatFamilies').at(-1)?.variables).toEqual({ search: 'noor' }));
  fireEvent.click(within(dialog).getByText('Noor Quill'));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Message a family' })).not.toBeInTheDocument());
  expect(calls.find((c) => c.operationName === 'StartFamilyChat')?.variables).toEqual({ parentId: 'u-noor' });
  await waitFor(() =>
    expect(calls.filter((c) => c.operationName === 'ChatMessages').at(-1)?.variables).toMatchObject({ conversationId: 'c-noor' }),
  );
  expect(screen.getByRole('region', { name: 'Noor Quill (family)' })).toBeInTheDocument();
});

it('the family list narrows to what is typed at once, and the row under the pointer stays put while the search lands', async () => {
  // A press on a row and its release must reach the same row, or the browser sends no click: the list must not empty
  // (nor reorder) between the two as the search's answer comes in.
  let answerSearch = () => {};
  const families = [
    { __typename: 'ChatFamily', id: 'u-noor', firstName: 'Noor', lastName: 'Quill', conversationId: null },
    { __typename: 'ChatFamily', id: 'u-paula', firstName: 'Paula', lastName: 'Reyes', conversationId: 'c-fam' },
  ];
  const { calls } = renderChat(instructor, {
    ChatFamilies: ({ variables }) =>
      variables.search
        ? new Promise<Answer>((resolve) => (answerSearch = () => resolve({ data: { chatFamilies: families.slice(0, 1) } })))
        : { data: { chatFamilies: families } },
    StartFamilyChat: {
      data: { startFamilyChat: { ...conversation('c-noor', 'family', 'Noor Quill (family)', 0), lastMessage: undefined } },
    },
  });
  await screen.findByText('<script>alert("x")</script><b>bold?</b>');
  fireEvent.click(screen.getByRole('button', { name: 'Message a family' }));
  const dialog = await screen.findByRole('dialog', { name: 'Message a family' });
  const row = (await within(dialog).findByText('Noor Quill')).closest('[role="button"]');
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Search families' }), { target: { value: ' QUILL ' } });
  // Before the search is even sent, only the matching family is left, in the very same row.
  expect(within(dialog).queryByText('Paula Reyes')).not.toBeInTheDocument();
  expect(within(dialog).getByText('Noor Quill').closest('[role="button"]')).toBe(row);
  await waitFor(() => expect(calls.filter((c) => c.operationName === 'ChatFamilies').at(-1)?.variables).toEqual({ search: 'QUILL' }));
  // Sent and not answered yet: still the same row, no "Loading…" in its place.
  expect(within(dialog).getByText('Noor Quill').closest('[role="button"]')).toBe(row);
  expect(within(dialog).queryByText('Loading…')).not.toBeInTheDocument();
  await act(async () => answerSearch());
  expect(within(dialog).getByText('Noor Quill').closest('[role="button"]')).toBe(row);
  fireEvent.click(row!);
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Message a family' })).not.toBeInTheDocument());
  expect(calls.find((c) => c.operationName === 'StartFamilyChat')?.variables).toEqual({ parentId: 'u-noor' });
});

it('a family search that finds nobody says so; until it has answered, names that do not match are not offered', async () => {
  renderChat(instructor, {
    ChatFamilies: ({ variables }) => ({
      data: {
        chatFamilies: variables.search
          ? []
          : [{ __typename: 'ChatFamily', id: 'u-paula', firstName: 'Paula', lastName: 'Reyes', conversationId: 'c-fam' }],
      },
    }),
  });
  await screen.findByText('<script>alert("x")</script><b>bold?</b>');
  fireEvent.click(screen.getByRole('button', { name: 'Message a family' }));
  const dialog = await screen.findByRole('dialog', { name: 'Message a family' });
  await within(dialog).findByText('Paula Reyes');
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Search families' }), { target: { value: 'zed' } });
  expect(within(dialog).queryByText('Paula Reyes')).not.toBeInTheDocument();
  expect(within(dialog).getByText('Loading…')).toBeInTheDocument();
  expect(await within(dialog).findByText('No families match “zed”.')).toBeInTheDocument();
  expect(within(dialog).queryByText('Loading…')).not.toBeInTheDocument();
});

it('parents have no family picker', async () => {
  renderChat(makeUser({ id: 'u-paula', role: 'parent', firstName: 'Paula', lastName: 'Reyes' }));
  await screen.findByRole('list', { name: 'Conversations' });
  expect(screen.queryByRole('button', { name: 'Message a family' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'New message' })).not.toBeInTheDocument();
});
