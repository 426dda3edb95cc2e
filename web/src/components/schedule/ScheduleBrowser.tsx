import { useQuery } from '@apollo/client/react';
import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import EventBusyRounded from '@mui/icons-material/EventBusyRounded';
import TuneRounded from '@mui/icons-material/TuneRounded';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import { alpha, useTheme } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCommittedValue } from '../../app/useCommittedValue';
import { ClassScheduleDocument, ScheduleFiltersDocument, type ClassScheduleQueryVariables } from './schedule.generated';
import { EmptyState } from '../EmptyState';
import type { ScheduleClass } from './ClassCard';
import { LEVELS, apparatusColor, levelLabel } from './classLabels';
import { useLiveSpots } from './liveSpots';
import { DayList, MonthGrid, WeekGrid } from './ScheduleViews';
import { daysBetween, formatRangeLabel, shiftAnchor, todayIso, visibleRange, type ScheduleView } from '../../app/dates';
import { readScheduleState, scheduleVariables, writeScheduleState, type ScheduleState } from './scheduleState';
import { lazyComponent } from '../../app/lazyPage';
import { LoadErrorAlert } from '../LoadErrorAlert';

const InstructorSelect = lazyComponent(() => import('./InstructorSelect').then((m) => m.default), {
  fallback: () => <Box sx={{ width: INSTRUCTOR_SELECT_WIDTH, height: 40 }} />,
});
/** The instructor select's width, also kept (with its height) while its code loads, so nothing moves when it arrives. */
const INSTRUCTOR_SELECT_WIDTH = { xs: '100%', sm: 240 };

function useScheduleState(): [ScheduleState, (change: Partial<ScheduleState>) => void] {
  const [params, setParams] = useSearchParams();
  const state = readScheduleState(params);
  const update = (change: Partial<ScheduleState>) =>
    setParams((prev) => writeScheduleState(prev, { ...readScheduleState(prev), ...change }), { replace: true });
  return [state, update];
}

function toggle<T>(values: T[], value: T): T[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}

function FilterGroup({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="group" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75 }}>
      <Typography
        component="span"
        sx={{
          fontSize: 12,
          fontWeight: 'fontWeightBold',
          color: 'text.secondary',
          textTransform: 'uppercase',
          letterSpacing: '0.06em',
          mr: 0.5,
          minWidth: { md: 72 },
        }}
      >
        {label}
      </Typography>
      {children}
    </Box>
  );
}

function Filters({ state, update }: { state: ScheduleState; update: (c: Partial<ScheduleState>) => void }) {
  const { data } = useQuery(ScheduleFiltersDocument);
  const active = state.apparatusIds.length + state.levels.length + (state.instructorId ? 1 : 0);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.25,
        p: { xs: 1.5, sm: 2 },
        border: 1,
        borderColor: 'divider',
        borderRadius: '14px',
        bgcolor: 'background.paper',
      }}
    >
      <FilterGroup label="Apparatus">
        {(data?.apparatuses ?? []).map((a) => {
          const on = state.apparatusIds.includes(a.id);
          const color = apparatusColor(a.name);
          return (
            <Chip
              key={a.id}
              label={a.name}
              clickable
              aria-pressed={on}
              onClick={() => update({ apparatusIds: toggle(state.apparatusIds, a.id) })}
              variant={on ? 'filled' : 'outlined'}
              sx={
                on
                  ? { bgcolor: color, color: 'common.white', '&:hover': { bgcolor: color, filter: 'brightness(0.92)' } }
                  : { borderColor: 'divider' }
              }
            />
          );
        })}
      </FilterGroup>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 3, rowGap: 1.25 }}>
        <FilterGroup label="Level">
          {LEVELS.map((level) => {
            const on = state.levels.includes(level);
            return (
              <Chip
                key={level}
                label={levelLabel(level)}
                clickable
                aria-pressed={on}
                color={on ? 'primary' : 'default'}
                variant={on ? 'filled' : 'outlined'}
                onClick={() => update({ levels: toggle(state.levels, level).sort() })}
                sx={on ? undefined : { borderColor: 'divider' }}
              />
            );
          })}
        </FilterGroup>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flex: { xs: '1 1 100%', sm: '0 1 auto' }, ml: { md: 'auto' } }}>
          <InstructorSelect
            sx={{ width: INSTRUCTOR_SELECT_WIDTH }}
            value={state.instructorId}
            instructors={data?.instructors ?? []}
            onChange={(instructorId) => update({ instructorId })}
          />
          {active > 0 && (
            <Button
              size="small"
              onClick={() => update({ apparatusIds: [], levels: [], instructorId: null })}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              Clear filters
            </Button>
          )}
        </Box>
      </Box>
    </Box>
  );
}

interface ScheduleBrowserProps {
  onOpenClass: (c: ScheduleClass) => void;
  /** Level of the range heading (h2 by default). */
  headingLevel?: 'h2' | 'h3';
}

/** Week and month views of the schedule with filters; seat counts stay live through `spotsChanged`. */
export function ScheduleBrowser({ onOpenClass, headingLevel = 'h2' }: ScheduleBrowserProps) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [state, update] = useScheduleState();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const today = todayIso();
  const { from, to } = visibleRange(state.view, state.anchor);
  const variablesKey = JSON.stringify(scheduleVariables(state));
  // The query follows the address once its move is committed (see useCommittedValue): a render of the address still
  // being moved to, or of the one being left, must not re-point it (each flip was a request).
  const variables = useCommittedValue(useMemo(() => JSON.parse(variablesKey) as ClassScheduleQueryVariables, [variablesKey]));
  // Seat counts move while the page is closed: each visit asks the server again (the route's preload does, see
  // ScheduleBrowser.preload.ts), another week or filter asks again too, and the subscription keeps them live.
  const { data, previousData, loading, error, refetch } = useQuery(ClassScheduleDocument, {
    variables,
    fetchPolicy: 'cache-first',
    nextFetchPolicy: (_current, { reason }) => (reason === 'variables-changed' ? 'cache-and-network' : 'cache-first'),
  });
  // A week or month of classes is the page's heaviest render: it runs at transition priority, in slices between
  // which the browser stays responsive; the skeleton (or the previous week) stays until it is ready.
  const shown = useDeferredValue((data ?? previousData)?.classSchedule);
  const classes = useMemo(() => shown ?? [], [shown]);
  useLiveSpots(classes.map((c) => c.id));

  const activeFilters = state.apparatusIds.length + state.levels.length + (state.instructorId ? 1 : 0);
  const unit = state.view === 'week' ? 'week' : 'month';
  const rangeLabel = formatRangeLabel(state.view, state.anchor);

  return (
    <Box>
      {(() => {
        const nav = (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Button variant="outlined" size="small" onClick={() => update({ anchor: today })} sx={{ mr: 0.5, minWidth: 0 }}>
              Today
            </Button>
            <IconButton aria-label={`Previous ${unit}`} onClick={() => update({ anchor: shiftAnchor(state.view, state.anchor, -1) })}>
              <ChevronLeftRounded />
            </IconButton>
            <IconButton aria-label={`Next ${unit}`} onClick={() => update({ anchor: shiftAnchor(state.view, state.anchor, 1) })}>
              <ChevronRightRounded />
            </IconButton>
          </Box>
        );
        const heading = (
          <Typography
            component={headingLevel}
            aria-live="polite"
            sx={{ fontWeight: 'fontWeightExtraBold', fontSize: { xs: 19, md: 22 }, minWidth: 0 }}
          >
            {rangeLabel}
          </Typography>
        );
        const viewToggle = (
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={state.view}
            onChange={(_e, view: ScheduleView | null) => view && update({ view })}
            aria-label="Calendar view"
            sx={{
              '& .MuiToggleButton-root': { px: 1.75, fontWeight: 'fontWeightBold', textTransform: 'none', color: 'text.secondary' },
              '& .MuiToggleButton-root.Mui-selected': { color: 'primary.dark', bgcolor: (t) => alpha(t.palette.primary.main, 0.1) },
            }}
          >
            <ToggleButton value="week">Week</ToggleButton>
            <ToggleButton value="month">Month</ToggleButton>
          </ToggleButtonGroup>
        );
        return wide ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
            {nav}
            {heading}
            <Box sx={{ flex: 1 }} />
            {viewToggle}
          </Box>
        ) : (
          <Box sx={{ display: 'grid', gap: 1, mb: 2 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
              {heading}
              <Button
                size="small"
                onClick={() => setFiltersOpen((o) => !o)}
                aria-expanded={filtersOpen}
                startIcon={
                  <Badge badgeContent={activeFilters} color="primary">
                    <TuneRounded />
                  </Badge>
                }
                sx={{ flexShrink: 0 }}
              >
                Filters
              </Button>
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
              {nav}
              {viewToggle}
            </Box>
          </Box>
        );
      })()}

      {wide ? (
        <Box sx={{ mb: 2.5 }}>
          <Filters state={state} update={update} />
        </Box>
      ) : (
        <Collapse in={filtersOpen} unmountOnExit>
          <Box sx={{ mb: 2 }}>
            <Filters state={state} update={update} />
          </Box>
        </Collapse>
      )}

      <Box sx={{ position: 'relative', minHeight: 4 }}>
        {loading && shown && (
          <LinearProgress aria-label="Loading classes" sx={{ position: 'absolute', top: -10, left: 0, right: 0, borderRadius: 2 }} />
        )}
      </Box>

      {error && !shown ? (
        <LoadErrorAlert error={error} fallback="The schedule could not be loaded." onRetry={() => void refetch()} size="small" />
      ) : !shown ? (
        <Box
          role="status"
          aria-busy="true"
          aria-label="Loading classes"
          sx={{ display: 'grid', gap: 1.25, gridTemplateColumns: { xs: '1fr', md: 'repeat(7, 1fr)' } }}
        >
          {Array.from({ length: wide ? 7 : 3 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={wide ? 220 : 96} sx={{ borderRadius: '12px' }} />
          ))}
        </Box>
      ) : (
        <Box aria-busy={loading}>
          {classes.length === 0 && state.view === 'week' ? (
            <Box sx={{ border: 1, borderColor: 'divider', borderRadius: '16px', bgcolor: 'background.paper' }}>
              <EmptyState
                icon={<EventBusyRounded />}
                title={activeFilters ? 'No classes match these filters' : 'No classes this week'}
                action={
                  activeFilters ? (
                    <Button variant="outlined" onClick={() => update({ apparatusIds: [], levels: [], instructorId: null })}>
                      Clear filters
                    </Button>
                  ) : (
                    <Button variant="outlined" onClick={() => update({ anchor: shiftAnchor('week', state.anchor, 1) })}>
                      Next week
                    </Button>
                  )
                }
              >
                {activeFilters ? 'Try another apparatus, level or instructor.' : 'Try the next week, or switch to the month view.'}
              </EmptyState>
            </Box>
          ) : state.view === 'week' ? (
            wide ? (
              <WeekGrid anchor={state.anchor} classes={classes} today={today} onOpen={onOpenClass} />
            ) : (
              <DayList days={daysBetween(from, to)} classes={classes} today={today} onOpen={onOpenClass} />
            )
          ) : (
            <MonthGrid
              anchor={state.anchor}
              classes={classes}
              today={today}
              compact={!wide}
              onOpen={onOpenClass}
              onPickDay={(iso) => update({ anchor: iso })}
              onShowWeek={(iso) => update({ view: 'week', anchor: iso })}
            />
          )}
        </Box>
      )}
    </Box>
  );
}
