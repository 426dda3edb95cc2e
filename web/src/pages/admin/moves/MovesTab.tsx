import AddRounded from '@mui/icons-material/AddRounded';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import UnarchiveOutlined from '@mui/icons-material/UnarchiveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@apollo/client/react';
import type { GridColDef } from '@mui/x-data-grid';
import { useCallback, useMemo, useState } from 'react';
import { errorMessage } from '../../../app/errors';
import { useToast } from '../../../app/toast';
import { actionsColumn, DataTable, TableFilterSelect, TableSearchField } from '../../../components/DataTable';
import { EditIconButton } from '../../../components/EditIconButton';
import { useAdminTable } from '../../../components/useAdminTable';
import { AdminMovesDocument, MoveAdminCatalogueDocument, type AdminMoveRowFragment } from './adminMoves.generated';
import { MOVES_TABLE } from './AdminMovesPage.preload';
import { ArchiveDialog, SetLevelDialog } from './MoveBulkDialogs';
import { MoveDialog } from './MoveDialog';
import { MOVE_LEVELS } from './moveRules';
import { useArchiveMoves } from './useArchiveMoves';

/** "Also: Anchor, Jasmine" or the start of the description, for a row's second line. */
const secondLine = (m: AdminMoveRowFragment) => (m.aliases.length ? `Also: ${m.aliases.join(', ')}` : m.description || '—');

function StatusChips({ move }: { move: AdminMoveRowFragment }) {
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {move.hasSides && <Chip size="small" variant="outlined" label="Left / right" />}
      {move.archivedAt && <Chip size="small" label="Archived" />}
    </Box>
  );
}

/**
 * The moves catalogue in a server-paged table: search names and aliases, filter by apparatus and level, show the
 * archived ones on demand; pick rows to set their level or archive them at once; add and edit moves.
 */
export function MovesTab() {
  const { toast } = useToast();
  const { table, filters: f, onSearch, grid } = useAdminTable(AdminMovesDocument, MOVES_TABLE, (d) => d.adminMoves);
  const { setFilter } = table;
  const { data: catalogue } = useQuery(MoveAdminCatalogueDocument);
  const apparatus = useMemo(() => catalogue?.moveCatalogue.map((c) => c.apparatus) ?? [], [catalogue]);
  const [editing, setEditing] = useState<{ move: AdminMoveRowFragment | null } | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [bulk, setBulk] = useState<'level' | 'archive' | null>(null);
  const [archive] = useArchiveMoves();

  const restore = useCallback(
    async (move: AdminMoveRowFragment) => {
      try {
        await archive({ variables: { moveIds: [move.id], archived: false } });
        toast({ title: 'Move restored', description: `${move.name} is back in the catalogue.`, variant: 'success' });
      } catch (err) {
        toast({ title: 'That did not work', description: errorMessage(err), variant: 'error' });
      }
    },
    [archive, toast],
  );

  const columns = useMemo<GridColDef<AdminMoveRowFragment>[]>(
    () => [
      {
        field: 'name',
        headerName: 'Move',
        flex: 1,
        minWidth: 240,
        renderCell: ({ row }) => (
          <Box sx={{ minWidth: 0, lineHeight: 1.3 }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: 'fontWeightSemiBold' }}>
              {row.name}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="p">
              {secondLine(row)}
            </Typography>
          </Box>
        ),
      },
      { field: 'apparatus', headerName: 'Apparatus', width: 140, valueGetter: (_v, row) => row.apparatus.name },
      { field: 'level', headerName: 'Level', width: 90, align: 'right', headerAlign: 'right' },
      {
        field: 'prerequisiteIds',
        headerName: 'Prerequisites',
        width: 150,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (v: string[]) => (v.length ? String(v.length) : '—'),
      },
      { field: 'status', headerName: '', width: 170, sortable: false, renderCell: ({ row }) => <StatusChips move={row} /> },
      actionsColumn(96, (row) => (
        <Box onClick={(e) => e.stopPropagation()} sx={{ display: 'flex' }}>
          <EditIconButton name={row.name} onClick={() => setEditing({ move: row })} />
          {row.archivedAt && (
            <Tooltip title="Restore">
              <IconButton size="small" onClick={() => void restore(row)} aria-label={`Restore ${row.name}`}>
                <UnarchiveOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      )),
    ],
    [restore],
  );

  const done = () => {
    setBulk(null);
    setSelected([]);
  };

  return (
    <>
      {selected.length > 0 && (
        <Paper
          role="region"
          aria-label="Selected moves"
          variant="outlined"
          sx={{ p: 1.5, mb: 1.5, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', borderColor: 'primary.main' }}
        >
          <Typography sx={{ fontWeight: 'fontWeightSemiBold', mr: 'auto' }}>
            {selected.length} {selected.length === 1 ? 'move' : 'moves'} selected
          </Typography>
          <Button variant="outlined" onClick={() => setBulk('level')}>
            Set level
          </Button>
          <Button variant="outlined" color="error" startIcon={<ArchiveOutlined />} onClick={() => setBulk('archive')}>
            Archive
          </Button>
          <Button onClick={() => setSelected([])}>Clear</Button>
        </Paper>
      )}
      <DataTable
        label="Moves"
        noun={['move', 'moves']}
        {...grid}
        columns={columns}
        rowHeight={60}
        onRowClick={(row) => setEditing({ move: row })}
        selection={{ ids: selected, onChange: setSelected, labelOf: (row) => row.name }}
        emptyText="No moves match these filters."
        search={<TableSearchField label="Search moves" value={f.search} onChange={onSearch} placeholder="Name or alias" width={240} />}
        activeFilters={[f.apparatusId, f.level, f.includeArchived].filter((v) => v !== null).length}
        filters={
          <>
            <TableFilterSelect
              label="Apparatus"
              value={f.apparatusId ?? ''}
              onChange={(v) => setFilter('apparatusId', v || null)}
              options={apparatus.map((a) => [a.id, a.name] as const)}
            />
            <TableFilterSelect
              label="Level"
              value={f.level === null ? '' : String(f.level)}
              onChange={(v) => setFilter('level', v ? Number(v) : null)}
              options={MOVE_LEVELS.map((n) => [String(n), `Level ${n}`] as const)}
              width={120}
            />
            <FormControlLabel
              label="Show archived"
              control={
                <Checkbox checked={Boolean(f.includeArchived)} onChange={(e) => setFilter('includeArchived', e.target.checked || null)} />
              }
            />
          </>
        }
        actions={
          <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing({ move: null })}>
            New move
          </Button>
        }
        renderCard={(row) => (
          <Box>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <Typography sx={{ fontWeight: 'fontWeightBold', minWidth: 0, overflowWrap: 'anywhere' }}>{row.name}</Typography>
              <Typography sx={{ whiteSpace: 'nowrap', fontWeight: 'fontWeightSemiBold' }}>Level {row.level}</Typography>
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {row.apparatus.name} · {secondLine(row)}
            </Typography>
            {(row.hasSides || row.archivedAt) && (
              <Box sx={{ mt: 0.75 }}>
                <StatusChips move={row} />
              </Box>
            )}
          </Box>
        )}
      />
      {editing && (
        <MoveDialog
          move={editing.move}
          catalogue={catalogue?.moveCatalogue ?? []}
          defaultApparatusId={f.apparatusId ?? apparatus[0]?.id ?? ''}
          onClose={() => setEditing(null)}
          onRestore={
            editing.move?.archivedAt
              ? () => {
                  if (editing.move) void restore(editing.move);
                  setEditing(null);
                }
              : undefined
          }
        />
      )}
      {bulk === 'level' && <SetLevelDialog moveIds={selected} onClose={() => setBulk(null)} onDone={done} />}
      {bulk === 'archive' && <ArchiveDialog moveIds={selected} onClose={() => setBulk(null)} onDone={done} />}
    </>
  );
}
