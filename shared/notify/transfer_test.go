package notify_test

import (
	"testing"

	"zuum/shared/money"
	"zuum/shared/notify"
	"zuum/shared/schema"
)

func TestTransferMessage_SaysWhoSentHowMuchAndTheNote(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		amount money.Money
		note   string
		want   string
	}{
		{500000, "", "ada_sings sent you ₦5,000.00."},
		{150, "for the session", "ada_sings sent you ₦1.50: for the session"},
	} {
		if got := notify.TransferMessage("ada_sings", c.amount, c.note); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
}

// Every transfer is news: its notification is one unconditional Put, never the once-a-day marker
// of likes and follows, so two transfers on one day notify twice.
func TestItems_ATransferIsOnePutWithoutTheDailyMarker(t *testing.T) {
	t.Parallel()
	items, err := notify.Items(schema.Users.Name, notify.Notification{Recipient: "bola", Kind: notify.Transfer, ActorID: "ada", Message: "m"})
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 1 || items[0].Put == nil || items[0].Put.ConditionExpression != nil {
		t.Fatalf("items %+v", items)
	}
}

func TestWithdrawalMessages_SayTheAmountTheAccountAndTheRefund(t *testing.T) {
	t.Parallel()
	if got, want := notify.WithdrawalCompletedMessage(500000, "Guaranty Trust Bank", "0123456789"),
		"Your withdrawal of ₦5,000.00 to Guaranty Trust Bank 0123456789 was completed."; got != want {
		t.Errorf("completed: %q, want %q", got, want)
	}
	if got, want := notify.WithdrawalFailedMessage(500000, 502500, "Guaranty Trust Bank", "0123456789"),
		"Your withdrawal of ₦5,000.00 to Guaranty Trust Bank 0123456789 failed. ₦5,025.00 was refunded to your wallet."; got != want {
		t.Errorf("failed: %q, want %q", got, want)
	}
}
