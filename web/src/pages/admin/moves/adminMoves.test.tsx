import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { problemsOf } from '../../../app/forms';
import { fakeSession, gqlError, makeUser, renderApp, type Answer, type RecordedOperation } from '../../../../test/utils';
import type { AdminMoveRowFragment } from './adminMoves.generated';
import AdminMovesPage from './AdminMovesPage';
import { emptyMove, levelForm, moveForm, moveInput, moveValuesOf } from './moveRules';

jest.setTimeout(20_000);

const lyra = { __typename: 'Apparatus', id: 'a-lyra', name: 'Lyra' };
const silks = { __typename: 'Apparatus', id: 'a-silks', name: 'Silks' };
const row = (id: string, name: string, extra: Partial<AdminMoveRowFragment> = {}) =>
  ({
    __typename: 'Move',
    id,
    name,
    aliases: [],
    level: 1,
    description: '',
    safetyNotes: '',
    hasSides: false,
    prerequisiteIds: [],
    cleanReps: null,
    cleanDays: null,
    archivedAt: null,
    createdAt: '2030-01-01T10:00:00.000Z',
    apparatus: lyra,
    ...extra,
  }) as unknown as AdminMoveRowFragment;
const moon = row('m-moon', 'Man in the Moon', { aliases: ['Moon'], description: 'Sit on the bar' });
const gazelle = row('m-gazelle', 'Gazelle', { level: 2, aliases: ['Deer'], hasSides: true, prerequisiteIds: ['m-moon'] });
const footLock = row('m-foot', 'Foot Lock', { apparatus: silks as AdminMoveRowFragment['apparatus'] });

const page = (items: AdminMoveRowFragment[]): Answer => ({
  data: { adminMoves: { __typename: 'MovePage', total: items.length, page: 1, pageSize: 25, items } },
});
const choice = (m: AdminMoveRowFragment) => ({ __typename: 'Move', id: m.id, name: m.name, level: m.level });
const catalogue: Answer = {
  data: {
    moveCatalogue: [
      {
        __typename: 'MoveCatalogue',
        apparatus: lyra,
        moves: [choice(moon), choice(gazelle)],
        levels: [
          {
            __typename: 'MoveLevel',
            id: 'l-lyra-1',
            number: 1,
            name: 'Lyra 1',
            requiredMoveIds: ['m-moon', 'm-gazelle'],
            cleanReps: 3,
            cleanDays: 2,
            apparatus: { __typename: 'Apparatus', id: 'a-lyra' },
          },
        ],
      },
      { __typename: 'MoveCatalogue', apparatus: silks, moves: [choice(footLock)], levels: [] },
    ],
  },
};
const admin = () => fakeSession({ user: makeUser({ role: 'admin', id: 'u-admin' }) });
const rowBoxes = () => screen.getAllByRole('checkbox', { name: /^(Select|Unselect) row$/ });
const last = (calls: RecordedOperation[], name: string) => calls.filter((c) => c.operationName === name).at(-1);

describe('move form rules (pure)', () => {
  it('checks the fields with the API’s rules and sends trimmed values, with the move’s own clearance rule or none', () => {
    expect(problemsOf(moveForm, { ...emptyMove(), name: ' ', level: '11' })).toEqual({
      apparatusId: 'Choose the apparatus.',
      name: 'Give the move a name.',
      level: 'Between 1 and 10.',
    });
    expect(problemsOf(levelForm, { number: '2', name: 'Lyra 2', requiredMoveIds: [], cleanReps: '0', cleanDays: '1' })).toEqual({
      requiredMoveIds: 'Choose the moves this level requires.',
      cleanReps: 'Between 1 and 50 reps.',
    });
    expect(problemsOf(moveForm, moveValuesOf(gazelle))).toEqual({});
    // A rule of its own needs both numbers, each within the API's bounds.
    expect(problemsOf(moveForm, { ...moveValuesOf(gazelle), cleanReps: '3' })).toEqual({ cleanDays: 'Give both, or neither.' });
    expect(problemsOf(moveForm, { ...moveValuesOf(gazelle), cleanReps: '0', cleanDays: '2' })).toEqual({
      cleanReps: 'Between 1 and 50 reps.',
    });
    const edited = { ...gazelle, cleanReps: 3, cleanDays: 2 } as AdminMoveRowFragment;
    const values = { ...moveValuesOf(edited), name: ' Gazelle ', aliases: [' Deer ', ''], level: '2' };
    const sent = {
      id: 'm-gazelle',
      apparatusId: 'a-lyra',
      name: 'Gazelle',
      aliases: ['Deer'],
      level: 2,
      description: '',
      safetyNotes: '',
      hasSides: true,
      prerequisiteIds: ['m-moon'],
    };
    // The edited move keeps its rule as shown in the form; emptied, it follows its level's again.
    expect(moveInput(values, edited)).toEqual({ ...sent, cleanReps: 3, cleanDays: 2 });
    expect(moveInput({ ...values, cleanReps: ' ', cleanDays: '' }, edited)).toEqual({ ...sent, cleanReps: null, cleanDays: null });
  });
});

describe('/admin/moves', () => {
  it('lists the catalogue by apparatus, and searches, filters and shows archived moves on the server', async () => {
    const { calls } = renderApp(<AdminMovesPage />, {
      session: admin(),
      route: '/admin/moves',
      handlers: { AdminMoves: page([moon, gazelle]), MoveAdminCatalogue: catalogue },
    });
    expect(await screen.findByText('2 moves')).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'AdminMoves')?.variables).toEqual({
      page: 1,
      pageSize: 25,
      sortField: 'apparatus',
      sortDirection: 'ASC',
    });
    expect(screen.getByText('Also: Deer')).toBeInTheDocument();
    expect(screen.getByText('Left / right')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search moves' }), { target: { value: 'deer' } });
    await waitFor(() => expect(last(calls, 'AdminMoves')?.variables).toMatchObject({ search: 'deer' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Apparatus/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Lyra' }));
    await waitFor(() => expect(last(calls, 'AdminMoves')?.variables).toMatchObject({ search: 'deer', apparatusId: 'a-lyra' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Level/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Level 2' }));
    await waitFor(() => expect(last(calls, 'AdminMoves')?.variables).toMatchObject({ level: 2 }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show archived' }));
    await waitFor(() => expect(last(calls, 'AdminMoves')?.variables).toMatchObject({ includeArchived: true, level: 2 }));
  });

  it('sets the level of the picked moves at once, and archives them after saying their history stays', async () => {
    const { calls } = renderApp(<AdminMovesPage />, {
      session: admin(),
      route: '/admin/moves',
      handlers: {
        AdminMoves: page([moon, gazelle]),
        MoveAdminCatalogue: catalogue,
        SetMovesLevel: (op) => ({
          data: { setMovesLevel: (op.variables.moveIds as string[]).map((id) => ({ __typename: 'Move', id, level: 3 })) },
        }),
        ArchiveMoves: (op) => ({
          data: {
            archiveMoves: (op.variables.moveIds as string[]).map((id) => ({ __typename: 'Move', id, archivedAt: '2030-01-02T10:00:00Z' })),
          },
        }),
      },
    });
    await screen.findByText('2 moves');
    fireEvent.click(rowBoxes()[0]);
    fireEvent.click(rowBoxes()[1]);
    const bar = await screen.findByRole('region', { name: 'Selected moves' });
    expect(bar).toHaveTextContent('2 moves selected');

    fireEvent.click(within(bar).getByRole('button', { name: 'Set level' }));
    const levelDialog = await screen.findByRole('dialog', { name: 'Set the level of 2 moves' });
    fireEvent.mouseDown(within(levelDialog).getByRole('combobox', { name: /^Level/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Level 3' }));
    fireEvent.click(within(levelDialog).getByRole('button', { name: 'Set level' }));
    await waitFor(() => expect(last(calls, 'SetMovesLevel')?.variables).toEqual({ moveIds: ['m-moon', 'm-gazelle'], level: 3 }));
    expect(await screen.findByText('2 moves now at level 3.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected moves' })).toBeNull());

    fireEvent.click(rowBoxes()[1]);
    fireEvent.click(within(await screen.findByRole('region', { name: 'Selected moves' })).getByRole('button', { name: 'Archive' }));
    const confirm = await screen.findByRole('dialog', { name: 'Archive 1 move?' });
    expect(confirm).toHaveTextContent('Every student’s history with them stays');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(last(calls, 'ArchiveMoves')?.variables).toEqual({ moveIds: ['m-gazelle'], archived: true }));
  });

  it('opens an archived move with a note that its history stays, and restores it from there', async () => {
    const archived = row('m-old', 'Old Drop', { archivedAt: '2030-01-02T10:00:00.000Z' });
    const { calls } = renderApp(<AdminMovesPage />, {
      session: admin(),
      route: '/admin/moves',
      handlers: {
        AdminMoves: page([archived]),
        MoveAdminCatalogue: catalogue,
        ArchiveMoves: { data: { archiveMoves: [{ __typename: 'Move', id: 'm-old', archivedAt: null }] } },
      },
    });
    expect(await screen.findByText('Archived')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Old Drop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Old Drop' });
    expect(dialog).toHaveTextContent('Archived: not in the catalogue or any level. Its history stays');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(last(calls, 'ArchiveMoves')?.variables).toEqual({ moveIds: ['m-old'], archived: false }));
    expect(await screen.findByText('Old Drop is back in the catalogue.')).toBeInTheDocument();
  });

  it('edits a move: prerequisites are the same apparatus’ moves, and the server’s refusal shows on its field', async () => {
    const { calls } = renderApp(<AdminMovesPage />, {
      session: admin(),
      route: '/admin/moves',
      handlers: {
        AdminMoves: page([moon, gazelle]),
        MoveAdminCatalogue: catalogue,
        SaveMove: (op) =>
          (op.variables.input as { name: string }).name === 'Man in the Moon'
            ? gqlError('CONFLICT', 'Lyra already has a move called Man in the Moon.', { name: 'Choose another name.' })
            : { data: { saveMove: { ...gazelle, name: (op.variables.input as { name: string }).name } } },
      },
    });
    await screen.findByText('2 moves');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Gazelle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Gazelle' });
    expect(within(dialog).getByRole('button', { name: 'Man in the Moon' })).toBeInTheDocument(); // the chosen prerequisite
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Prerequisites' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).queryByText('Foot Lock')).toBeNull();
    expect(within(listbox).queryByText('Gazelle')).toBeNull();

    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Man in the Moon' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose another name.')).toBeInTheDocument();
    expect(last(calls, 'SaveMove')?.variables).toMatchObject({
      input: { id: 'm-gazelle', apparatusId: 'a-lyra', level: 2, aliases: ['Deer'], hasSides: true, prerequisiteIds: ['m-moon'] },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Gazelle Hang' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Gazelle' })).toBeNull());
    expect(last(calls, 'SaveMove')?.variables).toMatchObject({ input: { name: 'Gazelle Hang' } });
  });

  it('shows each level as the set of moves it requires and saves a changed set', async () => {
    const { calls } = renderApp(<AdminMovesPage />, {
      session: admin(),
      route: '/admin/moves?tab=levels',
      handlers: {
        MoveAdminCatalogue: catalogue,
        SaveMoveLevel: (op) => ({
          data: {
            saveMoveLevel: {
              __typename: 'MoveLevel',
              id: 'l-lyra-1',
              apparatus: { __typename: 'Apparatus', id: 'a-lyra' },
              ...(op.variables.input as object),
            },
          },
        }),
      },
    });
    const level = await screen.findByRole('listitem', { name: 'Lyra 1' });
    expect(level).toHaveTextContent('Lyra 1 = 2 moves');
    expect(level).toHaveTextContent('3 clean reps per side on 2 different days');
    fireEvent.click(within(level).getByRole('button', { name: 'Edit Lyra 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Lyra 1' });
    fireEvent.click(within(within(dialog).getByRole('button', { name: 'Gazelle' })).getByTestId('CancelIcon'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save level' }));
    await waitFor(() =>
      expect(last(calls, 'SaveMoveLevel')?.variables).toEqual({
        input: { apparatusId: 'a-lyra', number: 1, name: 'Lyra 1', requiredMoveIds: ['m-moon'], cleanReps: 3, cleanDays: 2 },
      }),
    );
    expect(await screen.findByText('Lyra 1 = 1 move')).toBeInTheDocument();
  });

  it('imports moves only after a dry run that names what would be added, changed and refused, line by line', async () => {
    const report = (dryRun: boolean) => ({
      data: {
        importMoves: {
          __typename: 'CsvImportReport',
          dryRun,
          created: 1,
          updated: 1,
          unchanged: 0,
          problems: [{ __typename: 'CsvImportProblem', line: 4, message: 'No apparatus called "Nowhere".' }],
          changes: [
            { __typename: 'CsvImportChange', line: 2, outcome: 'updated', summary: 'Lyra: Gazelle (level 1 → 2), changed: level' },
            { __typename: 'CsvImportChange', line: 3, outcome: 'created', summary: 'Lyra: Mermaid, level 1' },
          ],
        },
      },
    });
    const { calls } = renderApp(<AdminMovesPage />, {
      session: admin(),
      route: '/admin/moves?tab=import',
      handlers: { ImportMoves: (op) => report(op.variables.dryRun as boolean) },
    });
    const card = await screen.findByRole('region', { name: 'Import moves' });
    expect(within(card).getByText('safety_notes')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Sample CSV' })).toHaveAttribute('download', 'moves-sample.csv');
    const importButton = within(card).getByRole('button', { name: 'Import moves' });
    expect(importButton).toBeDisabled();

    fireEvent.click(within(card).getByRole('button', { name: 'Dry run' }));
    expect(await within(card).findByText('Paste or choose a CSV file.')).toBeInTheDocument();
    const csv = 'apparatus,move,level\nLyra,Gazelle,2\nLyra,Mermaid,1\nNowhere,Ghost,1\n';
    fireEvent.change(within(card).getByLabelText('Import moves: CSV text'), { target: { value: csv } });
    fireEvent.click(within(card).getByRole('button', { name: 'Dry run' }));
    const dry = await within(card).findByRole('region', { name: 'Dry run report' });
    expect(dry).toHaveTextContent('Dry run, nothing saved yet: 1 to add, 1 to change, 0 unchanged, 1 row refused.');
    expect(within(dry).getByRole('list', { name: 'Changes' })).toHaveTextContent('Line 2: Lyra: Gazelle (level 1 → 2), changed: level');
    expect(within(dry).getByRole('list', { name: 'Refused rows' })).toHaveTextContent('Line 4: No apparatus called "Nowhere".');
    expect(last(calls, 'ImportMoves')?.variables).toEqual({ csv, dryRun: true });

    fireEvent.click(within(card).getByRole('button', { name: 'Import moves' }));
    expect(await within(card).findByRole('region', { name: 'Import report' })).toHaveTextContent('Imported: 1 added, 1 changed');
    expect(last(calls, 'ImportMoves')?.variables).toEqual({ csv, dryRun: false });
    expect(within(card).getByRole('button', { name: 'Import moves' })).toBeDisabled();
  });
});
