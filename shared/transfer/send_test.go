package transfer

import (
	"context"
	"errors"
	"testing"
	"time"

	"zuum/localstack/cloudtest"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/notify"
	"zuum/shared/profile"
	"zuum/shared/schema"
)

// TestSend_ARecipientDeactivatedAfterTheLookupGetsNothing: the account is read active, then
// deactivated before the transaction runs; the transaction's own check refuses it, so no money
// moves and no notification is written.
func TestSend_ARecipientDeactivatedAfterTheLookupGetsNothing(t *testing.T) {
	ctx := context.Background()
	db := cloudtest.Start(t).DynamoDB
	profiles, l := profile.NewStore(db, schema.Users.Name), ledger.New(db, schema.Ledger.Name)
	s := New(l, profiles)
	var accounts []profile.Account
	for _, name := range []string{"ada_sings", "bola_beats"} {
		a := profile.Account{Profile: profile.Profile{ID: name + "-id", Username: name, Email: name + "@example.com", CreatedAt: time.Now()}, Verified: true}
		if err := profiles.Create(ctx, a); err != nil {
			t.Fatal(err)
		}
		accounts = append(accounts, a)
	}
	ada, bola := accounts[0], accounts[1]
	if _, err := l.Move(ctx, ledger.Movement{Kind: "deposit", Once: ledger.Once{Key: "d"}, Legs: []ledger.Leg{
		{Account: ledger.User(ada.ID), Amount: 100 * money.Naira, Type: "deposit"}, {Account: ledger.Clearing, Amount: -100 * money.Naira, Type: "deposit"},
	}}); err != nil {
		t.Fatal(err)
	}
	amount := 10 * money.Naira
	r, err := NewRequest(&bola.Email, &amount, nil)
	if err != nil {
		t.Fatal(err)
	}
	once := ledger.Once{Key: "transfer#test"}
	read, err := profiles.AccountByEmail(ctx, bola.Email)
	if err != nil || read.Deactivated {
		t.Fatalf("bola before: %+v %v", read, err)
	}
	if err := profiles.SetDeactivated(ctx, bola.ID, true); err != nil {
		t.Fatal(err)
	}
	if _, err := s.send(ctx, ada, read, r, once); !errors.Is(err, ErrRecipientNotFound) {
		t.Fatalf("a transfer to an account deactivated meanwhile: %v", err)
	}
	if b, _ := l.Balance(ctx, ada.ID); b.Amount != 100*money.Naira {
		t.Errorf("ada has %v, want ₦100", b.Amount)
	}
	if page, err := notify.NewStore(db, schema.Users.Name).List(ctx, bola.ID, 10, "", 0); err != nil || len(page.Notes) != 0 {
		t.Errorf("bola's notifications %+v %v", page.Notes, err)
	}
	// Active again, the same request goes through, with its notification.
	if err := profiles.SetDeactivated(ctx, bola.ID, false); err != nil {
		t.Fatal(err)
	}
	sent, err := s.Send(ctx, ada, r, once)
	if err != nil {
		t.Fatal(err)
	}
	// Its key gives the transfer back as it was sent (a replay's answer), to its sender only.
	again, err := s.Sent(ctx, ada.ID, once.Key)
	if err != nil || again.ID != sent.ID || again.Amount != amount || again.Recipient.ID != bola.ID ||
		again.Recipient.Username != bola.Username || again.Status != sent.Status {
		t.Errorf("Sent = %+v %v, want %+v", again, err, sent)
	}
	if _, err := s.Sent(ctx, bola.ID, once.Key); !errors.Is(err, ErrNotSent) {
		t.Errorf("the recipient reading the transfer as sent: %v", err)
	}
	if page, _ := notify.NewStore(db, schema.Users.Name).List(ctx, bola.ID, 10, "", 0); len(page.Notes) != 1 || page.Notes[0].Kind != notify.Transfer {
		t.Errorf("bola's notifications %+v", page.Notes)
	}
}
