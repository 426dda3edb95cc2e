import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { renderApp, setViewportWidth, type RecordedOperation } from '../../test/utils';
import { ClassesTab } from '../pages/admin/classes/ClassesTab';
import { MAX_PAGE_SIZE, clampPageSize, cleanFilters, lastPage, toQueryVariables, useServerTable } from './dataTableState';
import { todayIso } from '../app/dates';

// The grid renders slowly in jsdom.
jest.setTimeout(20_000);

const SORT = { date: 'startsAt', name: 'name', booked: 'spotsTaken' } as const;

describe('grid state → GraphQL variables (pure)', () => {
  it('counts pages from 1 for the API and caps the page size at 100', () => {
    expect(toQueryVariables({ page: 0, pageSize: 25, sort: null, filters: {} })).toEqual({ page: 1, pageSize: 25 });
    expect(toQueryVariables({ page: 3, pageSize: 50, sort: null, filters: {} })).toMatchObject({ page: 4, pageSize: 50 });
    expect(toQueryVariables({ page: 0, pageSize: 500, sort: null, filters: {} }).pageSize).toBe(MAX_PAGE_SIZE);
    expect(clampPageSize(0)).toBe(25);
    expect(clampPageSize(Number.NaN)).toBe(25);
    expect(clampPageSize(100.7)).toBe(100);
  });

  it("maps a sorted column to the API's sort field and direction", () => {
    const opts = { sortFields: SORT, defaultSort: { field: 'startsAt' as const, direction: 'ASC' as const } };
    expect(toQueryVariables({ page: 0, pageSize: 25, sort: { field: 'name', direction: 'desc' }, filters: {} }, opts)).toMatchObject({
      sortField: 'name',
      sortDirection: 'DESC',
    });
    expect(toQueryVariables({ page: 0, pageSize: 25, sort: { field: 'booked', direction: 'asc' }, filters: {} }, opts)).toMatchObject({
      sortField: 'spotsTaken',
      sortDirection: 'ASC',
    });
    // No sort, or a column the API cannot sort by: the default order.
    expect(toQueryVariables({ page: 0, pageSize: 25, sort: null, filters: {} }, opts)).toMatchObject({
      sortField: 'startsAt',
      sortDirection: 'ASC',
    });
    expect(toQueryVariables({ page: 0, pageSize: 25, sort: { field: 'status', direction: 'desc' }, filters: {} }, opts)).toMatchObject({
      sortField: 'startsAt',
      sortDirection: 'ASC',
    });
    // Lists without server sorting send no sort variables at all.
    expect(toQueryVariables({ page: 0, pageSize: 25, sort: { field: 'name', direction: 'asc' }, filters: {} })).toEqual({
      page: 1,
      pageSize: 25,
    });
  });

  it('sends only filters that are set, trimmed, and keeps false', () => {
    expect(cleanFilters({ search: '  silks ', from: '', to: null, apparatusId: undefined, isActive: false, level: 0 })).toEqual({
      search: 'silks',
      isActive: false,
      level: 0,
    });
    expect(toQueryVariables({ page: 1, pageSize: 10, sort: null, filters: { search: '   ', status: 'cancelled' } })).toEqual({
      page: 2,
      pageSize: 10,
      status: 'cancelled',
    });
  });

  it('knows the last page that has rows', () => {
    expect(lastPage(0, 25)).toBe(0);
    expect(lastPage(25, 25)).toBe(0);
    expect(lastPage(26, 25)).toBe(1);
    expect(lastPage(1000, 500)).toBe(9);
  });
});

describe('useServerTable', () => {
  it('starts sorted by the default, and goes back to the first page when a filter, the sort or the page size changes', () => {
    const { result } = renderHook(() =>
      useServerTable({ filters: { search: '', status: '' }, sortFields: SORT, defaultSort: { field: 'startsAt', direction: 'DESC' } }),
    );
    expect(result.current.state.sort).toEqual({ field: 'date', direction: 'desc' });
    expect(result.current.variables).toEqual({ page: 1, pageSize: 25, sortField: 'startsAt', sortDirection: 'DESC' });

    act(() => result.current.setPage(2));
    expect(result.current.variables.page).toBe(3);
    act(() => result.current.setFilter('status', 'scheduled'));
    expect(result.current.variables).toMatchObject({ page: 1, status: 'scheduled' });

    act(() => result.current.setPage(4));
    act(() => result.current.setSort({ field: 'name', direction: 'asc' }));
    expect(result.current.variables).toMatchObject({ page: 1, sortField: 'name', sortDirection: 'ASC' });

    act(() => result.current.setPage(1));
    act(() => result.current.setPageSize(1000));
    expect(result.current.variables).toMatchObject({ page: 1, pageSize: 100 });
  });
});

function classRow(i: number, extra: Record<string, unknown> = {}) {
  return {
    __typename: 'ClassInstance',
    id: `c${i}`,
    date: `2030-01-${String(i).padStart(2, '0')}`,
    startTime: '18:00',
    endTime: '19:15',
    status: 'scheduled',
    capacity: 6,
    spotsTaken: i % 6,
    spotsLeft: 6 - (i % 6),
    waitlistLength: 0,
    notes: '',
    series: { __typename: 'ClassSeries', id: 's1' },
    blueprint: {
      __typename: 'ClassBlueprint',
      id: `b${i}`,
      name: `Silks Intro ${i}`,
      level: 1,
      apparatus: { __typename: 'Apparatus', id: 'a1', name: 'Silks' },
    },
    instructor: { __typename: 'PersonSummary', id: 'i1', name: 'Iris Vale' },
    ...extra,
  };
}

const choices = {
  data: {
    apparatuses: [{ __typename: 'Apparatus', id: 'a1', name: 'Silks', description: '', sortOrder: 1, rigPoints: [] }],
    instructors: [{ __typename: 'PersonSummary', id: 'i1', name: 'Iris Vale' }],
  },
};

function renderClassesTab() {
  const answer = (op: RecordedOperation) => {
    const { page, pageSize } = op.variables as { page: number; pageSize: number };
    const total = 60;
    const items = Array.from({ length: Math.min(pageSize, total - (page - 1) * pageSize) }, (_, i) =>
      classRow((page - 1) * pageSize + i + 1),
    );
    return { data: { adminClassInstances: { __typename: 'ClassInstancePage', total, page, pageSize, items } } };
  };
  const rendered = renderApp(<ClassesTab />, {
    route: '/admin/classes',
    handlers: { AdminClassInstances: answer, ClassAdminChoices: choices },
  });
  const last = () => rendered.calls.filter((c) => c.operationName === 'AdminClassInstances').at(-1)!.variables;
  return { ...rendered, last };
}

describe('DataTable in server mode (the classes grid)', () => {
  it('asks the server for the first page, sorted by date, from today', async () => {
    const { last } = renderClassesTab();
    expect(await screen.findByText('Silks Intro 1', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(last()).toEqual({ page: 1, pageSize: 25, sortField: 'startsAt', sortDirection: 'ASC', from: todayIso() });
    expect(screen.getByText('60 classes')).toBeInTheDocument();
    expect(screen.getByRole('grid', { name: 'Classes' })).toBeInTheDocument();
  });

  it('turns header clicks into server sorting and the pager into server pages', async () => {
    const { last } = renderClassesTab();
    await screen.findByText('Silks Intro 1', {}, { timeout: 5000 });

    fireEvent.click(screen.getByRole('columnheader', { name: /Class/ }).querySelector('.MuiDataGrid-columnHeaderTitleContainer')!);
    await waitFor(() => expect(last()).toMatchObject({ sortField: 'name', sortDirection: 'ASC', page: 1 }));
    fireEvent.click(screen.getByRole('columnheader', { name: /Class/ }).querySelector('.MuiDataGrid-columnHeaderTitleContainer')!);
    await waitFor(() => expect(last()).toMatchObject({ sortField: 'name', sortDirection: 'DESC' }));
    fireEvent.click(screen.getByRole('columnheader', { name: /Booked/ }).querySelector('.MuiDataGrid-columnHeaderTitleContainer')!);
    await waitFor(() => expect(last()).toMatchObject({ sortField: 'spotsTaken', sortDirection: 'ASC' }));

    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(last()).toMatchObject({ page: 2, pageSize: 25, sortField: 'spotsTaken' }));
    expect(await screen.findByText('Silks Intro 26')).toBeInTheDocument();
  });

  it('sends filters (and starts again from page 1 when they change)', async () => {
    const { last, calls } = renderClassesTab();
    await screen.findByText('Silks Intro 1', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(last()).toMatchObject({ page: 2 }));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Cancelled' }));
    await waitFor(() => expect(last()).toMatchObject({ page: 1, status: 'cancelled' }));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Instructor' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Iris Vale' }));
    await waitFor(() => expect(last()).toMatchObject({ instructorId: 'i1', status: 'cancelled' }));

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2030-02-01' } });
    await waitFor(() => expect(last()).toMatchObject({ to: '2030-02-01' }));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search classes' }), { target: { value: '  lyra ' } });
    await waitFor(() => expect(last()).toMatchObject({ search: 'lyra' }));

    // Clearing returns to the first query: its page is still in the Apollo cache, so no new request is needed.
    const before = calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Silks Intro 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('All');
    expect(calls.slice(before).filter((c) => c.operationName === 'AdminClassInstances')).toEqual([]);
  });

  it('shows cards with a sort menu and a pager on phones', async () => {
    setViewportWidth(375);
    const { last } = renderClassesTab();
    const list = await screen.findByRole('list', { name: 'Classes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(25);
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Sort by' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Capacity (descending)' }));
    await waitFor(() => expect(last()).toMatchObject({ sortField: 'capacity', sortDirection: 'DESC', page: 1 }));

    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(last()).toMatchObject({ page: 2 }));

    // Filters hide behind a button on phones.
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Filters/ }));
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
  });
});
