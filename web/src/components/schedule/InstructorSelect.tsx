import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * The schedule's instructor filter. A chunk of its own: the select and its menu are the heaviest part of the filters,
 * and on a phone the filters stay folded until asked for.
 */
export default function InstructorSelect({
  value,
  instructors,
  onChange,
  sx,
}: {
  value: string | null;
  instructors: readonly { id: string; name: string }[];
  onChange: (instructorId: string | null) => void;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      select
      size="small"
      label="Instructor"
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value || null)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={sx}
    >
      <MenuItem value="">All instructors</MenuItem>
      {instructors.map((i) => (
        <MenuItem key={i.id} value={i.id}>
          {i.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
