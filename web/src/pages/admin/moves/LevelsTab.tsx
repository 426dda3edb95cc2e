import AddRounded from '@mui/icons-material/AddRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { errorMessage } from '../../../app/errors';
import { MoveAdminCatalogueDocument, type AdminMoveLevelFragment } from './adminMoves.generated';
import { LevelDialog } from './LevelDialog';
import { clearanceText } from './moveRules';

/** The levels of each apparatus, each the set of moves it requires ("Lyra 2 = these 9 moves"); add and edit them. */
export function LevelsTab() {
  const { data, loading, error } = useQuery(MoveAdminCatalogueDocument);
  const catalogue = data?.moveCatalogue ?? [];
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ level: AdminMoveLevelFragment | null } | null>(null);
  const current = catalogue.find((c) => c.apparatus.id === chosenId) ?? catalogue[0];

  if (error) return <Alert severity="error">{errorMessage(error, 'The levels could not be loaded.')}</Alert>;
  if (loading && !current) return <Skeleton variant="rounded" height={160} />;
  if (!current) return <Alert severity="info">Add an apparatus on Class Management first.</Alert>;
  const names = new Map(current.moves.map((m) => [m.id, m.name]));
  const nextNumber = Math.max(0, ...current.levels.map((l) => l.number)) + 1;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label="Apparatus"
          value={current.apparatus.id}
          onChange={(e) => setChosenId(e.target.value)}
          sx={{ width: { xs: '100%', sm: 240 } }}
        >
          {catalogue.map((c) => (
            <MenuItem key={c.apparatus.id} value={c.apparatus.id}>
              {c.apparatus.name}
            </MenuItem>
          ))}
        </TextField>
        <Typography color="text.secondary" sx={{ flex: '1 1 200px' }}>
          {current.moves.length} {current.moves.length === 1 ? 'move' : 'moves'}, {current.levels.length}{' '}
          {current.levels.length === 1 ? 'level' : 'levels'}
        </Typography>
        <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing({ level: null })}>
          New level
        </Button>
      </Box>
      {current.levels.length === 0 && (
        <Alert severity="info">{current.apparatus.name} has no levels yet: New level defines one as the moves it requires.</Alert>
      )}
      <Box
        component="ul"
        aria-label={`Levels of ${current.apparatus.name}`}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
      >
        {current.levels.map((level) => {
          const required = level.requiredMoveIds.filter((id) => names.has(id));
          return (
            <Card component="li" key={level.id} aria-label={level.name} sx={{ p: 2, display: 'grid', gap: 1 }}>
              <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 'fontWeightBold' }}>
                    {level.name} = {required.length} {required.length === 1 ? 'move' : 'moves'}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    Level {level.number} · {clearanceText(level)}
                  </Typography>
                </Box>
                <Button size="small" startIcon={<EditOutlined />} onClick={() => setEditing({ level })} aria-label={`Edit ${level.name}`}>
                  Edit
                </Button>
              </Box>
              <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
                {required.length ? (
                  required.map((id) => <Chip key={id} size="small" variant="outlined" label={names.get(id)} />)
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    No moves required yet.
                  </Typography>
                )}
              </Box>
            </Card>
          );
        })}
      </Box>
      {editing && (
        <LevelDialog
          apparatus={current.apparatus}
          level={editing.level}
          moves={current.moves}
          nextNumber={nextNumber}
          onClose={() => setEditing(null)}
        />
      )}
    </Box>
  );
}
