import CalendarMonthRounded from '@mui/icons-material/CalendarMonthRounded';
import { BareFrame } from './BareFrame';

export default function CalendarPage() {
  return (
    <BareFrame
      title="Class Calendar"
      icon={<CalendarMonthRounded />}
      line="The public class calendar is on its way: every class, level and instructor at a glance."
    />
  );
}
