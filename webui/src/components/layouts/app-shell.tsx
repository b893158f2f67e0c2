import { Outlet } from 'react-router-dom';
import { usePaymentDetails } from '@/lib/auth/get-payment-details';
import { useLiveRooms } from '@/lib/chat/get-rooms';
import { BottomNav } from './bottom-nav';

/**
 * The signed-in frame: a phone-width column (414 px on wide screens), the payment banner
 * when payment details could not be loaded, the page, and the bottom navigation.
 */
export function AppShell() {
  const payment = usePaymentDetails(true);
  // The chat socket runs on every signed-in screen, so the Message tab's count moves at once.
  useLiveRooms();
  const paymentMissing = payment.isError || (payment.isSuccess && !payment.data);
  return (
    <div className="app-column">
      {paymentMissing && (
        <p className="banner" role="status">
          Payment information couldn't be loaded. Some features may be limited.
        </p>
      )}
      <div className="app-content">
        <Outlet />
      </div>
      <BottomNav />
    </div>
  );
}
