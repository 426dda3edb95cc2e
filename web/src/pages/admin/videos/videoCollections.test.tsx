import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { gqlError, renderApp, type Answer, type RecordedOperation } from '../../../../test/utils';
import { VideoCollections } from './VideoCollections';

jest.setTimeout(20_000);

const videos = [
  { id: 'v-1', title: 'Lyra 1: mounting' },
  { id: 'v-2', title: 'Lyra 1: man in the moon' },
  { id: 'v-3', title: 'Lyra 1: gazelle' },
];
const collection = (id: string, title: string, videoIds: string[], description = '') => ({
  __typename: 'VideoCollectionAdmin',
  collection: { __typename: 'VideoCollection', id, title, description },
  videoIds,
});
const list = (...items: ReturnType<typeof collection>[]): Answer => ({ data: { videoCollections: items } });
const saved = (op: RecordedOperation): Answer => {
  const input = op.variables.input as { id?: string | null; title: string; description: string };
  return {
    data: {
      saveVideoCollection: { __typename: 'VideoCollection', id: input.id ?? 'c-new', title: input.title, description: input.description },
    },
  };
};
const last = (calls: RecordedOperation[], name: string) => calls.filter((c) => c.operationName === name).at(-1);

describe('/admin/videos collections', () => {
  it('lists each collection with its videos in order, and says when there are none', async () => {
    renderApp(<VideoCollections videos={videos} />, {
      handlers: {
        AdminVideoCollections: list(
          collection('c-1', 'Lyra 1 in three lessons', ['v-2', 'v-1'], 'Start here.'),
          collection('c-2', 'Empty', []),
        ),
      },
    });
    const first = (await screen.findByText('Lyra 1 in three lessons')).closest('li')!;
    expect(within(first).getByText('Start here.')).toBeInTheDocument();
    expect(within(first).getByText('2 videos: Lyra 1: man in the moon → Lyra 1: mounting')).toBeInTheDocument();
    expect(screen.getByText('No videos yet: members do not see it.')).toBeInTheDocument();
  });

  it('makes a new collection: adds videos, reorders and takes one out, then sends them in that order', async () => {
    const { calls } = renderApp(<VideoCollections videos={videos} />, {
      handlers: { AdminVideoCollections: list(), SaveVideoCollection: saved },
    });
    expect(await screen.findByText(/No collections yet/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'New collection' }));
    const dialog = await screen.findByRole('dialog', { name: 'New collection' });

    // Nothing sent without a title.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save collection' }));
    expect(await within(dialog).findByText('Give the collection a title.')).toBeInTheDocument();
    expect(last(calls, 'SaveVideoCollection')).toBeUndefined();

    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Title/ }), { target: { value: '  Lyra 1 in two lessons ' } });
    const add = within(dialog).getByRole('combobox', { name: 'Add a video' });
    for (const title of ['Lyra 1: mounting', 'Lyra 1: man in the moon', 'Lyra 1: gazelle']) {
      fireEvent.mouseDown(add);
      fireEvent.click(await screen.findByRole('option', { name: title }));
    }
    const order = () =>
      within(within(dialog).getByRole('list', { name: 'Videos in this collection' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(order()).toEqual(['1.Lyra 1: mounting', '2.Lyra 1: man in the moon', '3.Lyra 1: gazelle']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move Lyra 1: gazelle up' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take Lyra 1: man in the moon out' }));
    expect(order()).toEqual(['1.Lyra 1: mounting', '2.Lyra 1: gazelle']);
    expect(within(dialog).getByRole('button', { name: 'Move Lyra 1: mounting up' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Move Lyra 1: gazelle down' })).toBeDisabled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save collection' }));
    await waitFor(() =>
      expect(last(calls, 'SaveVideoCollection')?.variables).toEqual({
        input: { id: null, title: 'Lyra 1 in two lessons', description: '', videoIds: ['v-1', 'v-3'] },
      }),
    );
    expect(await screen.findByText('Collection saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list is read again after the save.
    expect(calls.filter((c) => c.operationName === 'AdminVideoCollections').length).toBeGreaterThan(1);
  });

  it('edits a collection in place, shows a refusal on its field, and deletes one after asking', async () => {
    const { calls } = renderApp(<VideoCollections videos={videos} />, {
      handlers: {
        AdminVideoCollections: list(collection('c-1', 'Lyra 1', ['v-1', 'v-2'])),
        SaveVideoCollection: gqlError('BAD_USER_INPUT', 'Choose videos of the library.', { videoIds: 'Choose videos of the library.' }),
        DeleteVideoCollection: { data: { deleteVideoCollection: true } },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Lyra 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “Lyra 1”' });
    expect(within(dialog).getByRole('textbox', { name: /^Title/ })).toHaveValue('Lyra 1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move Lyra 1: man in the moon up' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save collection' }));
    expect(await within(dialog).findByText('Choose videos of the library.')).toBeInTheDocument();
    expect(last(calls, 'SaveVideoCollection')?.variables).toEqual({
      input: { id: 'c-1', title: 'Lyra 1', description: '', videoIds: ['v-2', 'v-1'] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Lyra 1' }));
    expect(last(calls, 'DeleteVideoCollection')).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Lyra 1' }));
    await waitFor(() => expect(last(calls, 'DeleteVideoCollection')?.variables).toEqual({ id: 'c-1' }));
    expect(confirm.mock.calls[0][0]).toBe('Delete the collection “Lyra 1”? Its videos stay in the library.');
    confirm.mockRestore();
  });
});
