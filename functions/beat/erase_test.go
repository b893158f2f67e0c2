package beat_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/google/uuid"

	"zuum/shared/ledger"
	"zuum/shared/media"
	"zuum/shared/media/mediatest"
	"zuum/shared/money"
)

// A producer who deletes their account leaves their buyers what they bought: the purchase, its
// download and the licence, with "Deleted user" where the producer's name was.
func TestDeletedSeller_BuyersKeepTheirPurchasesDownloadsAndLicencesWithoutTheName(t *testing.T) {
	w := start(t)
	kel, ada := w.user("kel_on_the_beat"), w.user("ada_sings")
	w.credit(ada, 100*money.Naira)
	cover := w.upload(kel.ID, media.Image, "image/png", mediatest.PNGOf(mediatest.Picture(64, 64)))
	beat := w.beat(kel, "Afro drill", map[string]any{"amount": 20, "cover_photo": cover})
	r := w.buy(ada, beat["id"].(string), 20, uuid.NewString())
	if r.Status != http.StatusCreated {
		t.Fatalf("purchase: %d %s", r.Status, r.Raw)
	}
	data := r.Body["data"].(map[string]any)
	pid, number := data["id"].(string), data["licence_number"].(string)

	// The producer empties the wallet (as a withdrawal would) and deletes the account.
	earned := w.balance(kel)
	if _, err := w.ledgerOf().Move(context.Background(), ledger.Movement{
		Kind: "withdrawal", Once: ledger.Once{Key: "test-withdrawal#" + uuid.NewString()},
		Legs: []ledger.Leg{
			{Account: ledger.User(kel.ID), Amount: -earned, Type: "withdrawal"},
			{Account: ledger.Clearing, Amount: earned, Type: "withdrawal"},
		},
	}); err != nil {
		t.Fatal(err)
	}
	if d := kel.JSON("POST", "/api/user/delete", map[string]string{"password": "password123"}); d.Status != http.StatusOK {
		t.Fatalf("delete: %d %s", d.Status, d.Raw)
	}
	w.app.NoFailedEvents(t)

	bought := ada.JSON("GET", "/api/beat/purchase", nil).Body["purchases"].([]any)
	if len(bought) != 1 || bought[0].(map[string]any)["username"] != "Deleted user" {
		t.Errorf("the buyer's library: %v", bought)
	}
	d := ada.JSON("POST", "/api/beat/purchase/"+pid+"/download", nil)
	if d.Status != http.StatusOK {
		t.Fatalf("download after the seller left: %d %s", d.Status, d.Raw)
	}
	if status, _ := fetch(t, ada.Client, d.Body["url"].(string)); status != http.StatusOK {
		t.Errorf("the downloaded file: %d", status)
	}
	v := w.app.Client(t).JSON("GET", "/api/licences/"+number, nil)
	producer, _ := v.Body["producer"].(map[string]any)
	if v.Status != http.StatusOK || v.Body["valid"] != true || producer["username"] != "Deleted user" {
		t.Errorf("the licence: %d %s", v.Status, v.Raw)
	}
	w.audit()
}
