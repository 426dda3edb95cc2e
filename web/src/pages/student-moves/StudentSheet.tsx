import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../app/errors';
import { useDebounced } from '../../components/useDebounced';
import type { RenderCell } from './MoveCell';
import { FindMoveStudentsDocument, StudentMoveSheetDocument, type FindMoveStudentsQuery } from './studentMoves.generated';

export type PickedStudent = FindMoveStudentsQuery['findAttendees'][number];

const nameOf = (p: PickedStudent) => `${p.firstName} ${p.lastName}`;

/** One student picked by name (searched as staff type), and their moves on one apparatus, level by level. */
export function StudentSheet({
  student,
  onPick,
  renderCell,
}: {
  student: PickedStudent | null;
  onPick: (student: PickedStudent | null) => void;
  renderCell: RenderCell;
}) {
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim());
  const found = useQuery(FindMoveStudentsDocument, { variables: { search }, skip: search.length < 2 });
  const options = search.length < 2 ? [] : (found.data?.findAttendees ?? found.previousData?.findAttendees ?? []);
  const sheet = useQuery(StudentMoveSheetDocument, { variables: { studentId: student?.id ?? '' }, skip: !student });
  const [tab, setTab] = useState(0);
  const shown = sheet.data?.studentMoves.apparatus.filter((a) => a.moves.length > 0) ?? [];
  const apparatus = shown[Math.min(tab, shown.length - 1)];
  const levels = apparatus ? [...new Set(apparatus.moves.map((m) => m.move.level))].sort((a, b) => a - b) : [];
  const who = student ? { studentId: student.id, name: nameOf(student) } : null;

  return (
    <Box>
      <Autocomplete
        options={options}
        value={student}
        onChange={(_, p) => {
          onPick(p);
          setTab(0);
        }}
        inputValue={input}
        onInputChange={(_, v) => setInput(v)}
        filterOptions={(x) => x}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        getOptionLabel={nameOf}
        getOptionKey={(p) => p.id}
        renderOption={({ key, ...props }, p) => (
          <li key={key} {...props}>
            <Box>
              <Typography>{nameOf(p)}</Typography>
              {p.guardian && (
                <Typography variant="caption" color="text.secondary">
                  child of {p.guardian.name}
                </Typography>
              )}
            </Box>
          </li>
        )}
        loading={found.loading}
        noOptionsText={search.length < 2 ? 'Type two letters of a name' : 'Nobody by that name'}
        renderInput={(params) => <TextField {...params} label="Student" placeholder="Search by name" />}
        sx={{ mb: 2, maxWidth: 520 }}
      />
      {sheet.error && <Alert severity="error">{errorMessage(sheet.error)}</Alert>}
      {student && sheet.loading && !sheet.data && <Skeleton variant="rounded" height={240} />}
      {apparatus && who && (
        <>
          <Tabs
            value={shown.indexOf(apparatus)}
            onChange={(_, v: number) => setTab(v)}
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ mb: 1 }}
          >
            {shown.map((a) => (
              <Tab key={a.apparatus.id} label={a.apparatus.name} />
            ))}
          </Tabs>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {who.name}: {apparatus.level ? `level ${apparatus.level}` : 'no level yet'} on {apparatus.apparatus.name}
          </Typography>
          {levels.map((level) => (
            <Box key={level} component="table" sx={{ width: '100%', maxWidth: 520, borderSpacing: '0 4px', mb: 1 }}>
              <Box component="caption" sx={{ textAlign: 'left', fontWeight: 'fontWeightExtraBold' }}>
                Level {level}
              </Box>
              <tbody>
                {apparatus.moves
                  .filter((m) => m.move.level === level)
                  .map((cell) => (
                    <tr key={cell.move.id}>
                      <Box component="th" scope="row" sx={{ textAlign: 'left', fontWeight: 'fontWeightBold', fontSize: 14, pr: 1 }}>
                        {cell.move.name}
                      </Box>
                      <Box component="td" sx={{ width: 170 }}>
                        {renderCell(who, cell)}
                      </Box>
                    </tr>
                  ))}
              </tbody>
            </Box>
          ))}
        </>
      )}
    </Box>
  );
}
