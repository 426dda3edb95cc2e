import AddTaskRounded from '@mui/icons-material/AddTaskRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import type { MoveSide, MoveState } from '../../graphql/types';
import { clearanceLabel, MOVE_STATE_COLOR, MOVE_STATE_LABEL } from '../moves/movesFormat';
import type { GridCellFragment } from './studentMoves.generated';

/** A move signed off by its clearance rule (more than one clean rep or day): staff record attempts, not a sign-off tap. */
export const clearedByAttempts = (cell: Pick<GridCellFragment, 'cleanDays' | 'cleanReps'>) => cell.cleanDays > 1 || cell.cleanReps > 1;

/** What a grid needs to draw one cell: the state shown (taps not answered yet laid over) and its tap handlers. */
export type RenderCell = (who: { studentId: string; name: string }, cell: GridCellFragment, asked?: boolean) => ReactNode;

const SIDE_CHOICES: { side: MoveSide; label: string }[] = [
  { side: 'both', label: 'both sides' },
  { side: 'left', label: 'left side' },
  { side: 'right', label: 'right side' },
];

/**
 * One student's move on the grid: a tap steps its state on; a move with a clearance rule also records today's clean
 * reps (per side where it has sides), and shows "2 of 3 days".
 */
export function MoveCell({
  who,
  cell,
  state,
  asked,
  onTap,
  onAttempt,
}: {
  who: string;
  cell: GridCellFragment;
  state: MoveState;
  asked: boolean;
  onTap: () => void;
  onAttempt: (side: MoveSide, cleanReps: number) => void;
}) {
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const clearance = clearanceLabel(cell);
  const attempts = clearedByAttempts(cell) && state !== 'signed_off';
  const reps = `${cell.cleanReps} clean rep${cell.cleanReps === 1 ? '' : 's'}`;
  const choices = cell.move.hasSides ? SIDE_CHOICES : SIDE_CHOICES.slice(0, 1);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25 }}>
      <ButtonBase
        onClick={onTap}
        aria-label={`${who}, ${cell.move.name}: ${MOVE_STATE_LABEL[state]}`}
        sx={{ flex: 1, minHeight: 48, borderRadius: 2, display: 'flex', flexDirection: 'column', p: 0.5 }}
      >
        <Chip size="small" color={MOVE_STATE_COLOR[state]} label={MOVE_STATE_LABEL[state]} sx={{ pointerEvents: 'none' }} />
        {(asked || clearance || cell.refresh) && (
          <Typography variant="caption" color="text.secondary">
            {[asked ? 'asked' : '', clearance, cell.refresh ? 'refresh' : ''].filter(Boolean).join(' · ')}
          </Typography>
        )}
      </ButtonBase>
      {attempts && (
        <>
          <IconButton
            size="small"
            aria-label={`Record clean reps: ${who}, ${cell.move.name}`}
            aria-haspopup="menu"
            onClick={(e) => setMenu(e.currentTarget)}
          >
            <AddTaskRounded fontSize="small" />
          </IconButton>
          <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
            <MenuItem disabled dense>
              <Typography variant="caption">
                Today: {reps} per side on {cell.cleanDays} days signs it off
              </Typography>
            </MenuItem>
            {choices.map((c) => (
              <MenuItem
                key={c.side}
                onClick={() => {
                  setMenu(null);
                  onAttempt(c.side, cell.cleanReps);
                }}
              >
                {cell.move.hasSides ? `${reps}, ${c.label}` : reps}
              </MenuItem>
            ))}
          </Menu>
        </>
      )}
    </Box>
  );
}
