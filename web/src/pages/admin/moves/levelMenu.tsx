import MenuItem from '@mui/material/MenuItem';
import { MOVE_LEVELS } from './moveRules';

/** The options of a level select, "Level 1" to "Level 10" (values as text, as the forms hold them). */
export const levelMenuItems = () =>
  MOVE_LEVELS.map((n) => (
    <MenuItem key={n} value={String(n)}>
      Level {n}
    </MenuItem>
  ));
