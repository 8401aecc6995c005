import { openBooking } from '../booking/booking-root.tsx';
import { VoiceDemo } from '../sections/voice-demo.tsx';

export default function VoiceDemoIsland() {
  return <VoiceDemo onBookCall={openBooking} />;
}
