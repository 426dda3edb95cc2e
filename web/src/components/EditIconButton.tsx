import EditOutlined from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

/** A table row's small pencil button; `name` says which row to screen readers ("Edit Silks Level 2"). */
export function EditIconButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <Tooltip title="Edit">
      <IconButton size="small" onClick={onClick} aria-label={`Edit ${name}`}>
        <EditOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
