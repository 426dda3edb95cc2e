import { fullName } from '@studio/rules';
import { useQuery } from '@apollo/client/react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { MemberPickerOptionsDocument } from './memberPicker.generated';
import { useDebounced } from './useDebounced';

export interface MemberOption {
  id: string;
  firstName: string;
  lastName: string;
  email?: string | null;
  username?: string | null;
}

/** An admin form's member field: type a name or email, pick one of the active members the server finds. */
export function MemberPicker({
  value,
  onChange,
  error,
  label = 'Member',
  required = true,
}: {
  value: MemberOption | null;
  onChange: (member: MemberOption | null) => void;
  error?: string;
  label?: string;
  required?: boolean;
}) {
  const [input, setInput] = useState('');
  const search = useDebounced(input, 250);
  const { data, loading } = useQuery(MemberPickerOptionsDocument, { variables: { search: search.trim() || null } });
  return (
    <Autocomplete
      value={value}
      onChange={(_e, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_e, next) => setInput(next)}
      options={data?.users.items ?? []}
      loading={loading}
      filterOptions={(o) => o}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => fullName(o)}
      renderOption={(props, o) => (
        <li {...props} key={o.id}>
          <Box>
            <Typography variant="body2">{fullName(o)}</Typography>
            <Typography variant="caption" color="text.secondary">
              {o.email ?? o.username ?? 'Family member'}
            </Typography>
          </Box>
        </li>
      )}
      renderInput={(params) => (
        <TextField {...params} label={label} required={required} error={Boolean(error)} helperText={error ?? 'Type a name or email'} />
      )}
    />
  );
}
