package payment_test

import (
	"net/http"
	"testing"

	"zuum/shared/money"
)

// A screen reloaded after the code was mailed starts the same withdrawal again within the
// minute: it is offered the code field again (202 step_up, no second mail), not a 429, and the
// code mailed first confirms it.
func TestWithdrawal_StartedAgainWhileTheCodeIsValidOffersTheCodeAgain(t *testing.T) {
	t.Parallel()
	a, ada := startMember(t, "ada_reloads")
	email := "ada_reloads@example.com"
	fundWallet(t, a, ada, 1000*money.Naira)
	body := to("0123456789", 500)

	if r := withdraw(t, a, ada, "", body); r.Status != http.StatusAccepted || r.Body["step_up"] != true {
		t.Fatalf("first withdrawal to a new account: %d %s, want 202 step_up", r.Status, r.Raw)
	}
	code := a.LastOTP(t, email)
	mails := len(a.Cloud.MailTo(email))
	r := withdraw(t, a, ada, "", body)
	if r.Status != http.StatusAccepted || r.Body["step_up"] != true {
		t.Fatalf("the same withdrawal again within the minute: %d %s, want 202 step_up", r.Status, r.Raw)
	}
	if n := len(a.Cloud.MailTo(email)); n != mails {
		t.Fatalf("%d mails after asking again, want %d (the code already mailed stands)", n, mails)
	}
	if r := withdraw(t, a, ada, "", to("9876543210", 500)); r.Status != http.StatusTooManyRequests {
		t.Fatalf("another account within the minute: %d %s, want 429", r.Status, r.Raw)
	}
	body["otp"] = code
	if r := withdraw(t, a, ada, "", body); r.Status != http.StatusCreated {
		t.Fatalf("with the code mailed first: %d %s", r.Status, r.Raw)
	}
	wantBalance(t, a, ada.id, 475*money.Naira, "balance %s, want ₦475")
}
