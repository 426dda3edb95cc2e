import Box from '@mui/material/Box';
import TableCell, { type TableCellProps } from '@mui/material/TableCell';
import { visuallyHidden } from './ui';

/** The head of a table's column of row buttons: named "Actions" for screen readers, blank on screen. */
export function ActionsHeadCell({ align }: { align?: TableCellProps['align'] }) {
  return (
    <TableCell align={align}>
      <Box component="span" sx={visuallyHidden}>
        Actions
      </Box>
    </TableCell>
  );
}
