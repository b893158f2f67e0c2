package beat_test

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/google/uuid"

	"zuum/functions/jobs"
	"zuum/shared/ledger"
	"zuum/shared/media"
	"zuum/shared/media/mediatest"
	"zuum/shared/money"
	"zuum/shared/notify"
	"zuum/shared/schema"
)

// ledgerItems is every item of the Ledger table as JSON, sorted, to compare the table whole.
func (w *world) ledgerItems() []string {
	w.t.Helper()
	var out []string
	p := dynamodb.NewScanPaginator(w.app.Cloud.DynamoDB, &dynamodb.ScanInput{TableName: aws.String(schema.Ledger.Name), ConsistentRead: aws.Bool(true)})
	for p.HasMorePages() {
		page, err := p.NextPage(context.Background())
		if err != nil {
			w.t.Fatal(err)
		}
		for _, it := range page.Items {
			var v map[string]any
			if err := attributevalue.UnmarshalMap(it, &v); err != nil {
				w.t.Fatal(err)
			}
			b, _ := json.Marshal(v)
			out = append(out, string(b))
		}
	}
	slices.Sort(out)
	return out
}

// A producer who deletes their account leaves their buyers what they bought: the purchase, its
// download and the licence, with "Deleted user" where the producer's name was. The buyer's
// wallet history and statement keep the sale and a transfer the producer sent, naming
// "Deleted user", and no entry or movement in the ledger names the producer any more.
func TestDeletedSeller_BuyersKeepTheirPurchasesDownloadsAndLicencesWithoutTheName(t *testing.T) {
	t.Parallel()
	w, kel, ada := startSale(t, 100*money.Naira)
	cover := w.upload(kel.ID, media.Image, "image/png", mediatest.PNGOf(mediatest.Picture(64, 64)))
	beat := w.beat(kel, "Afro drill", map[string]any{"amount": 20, "cover_photo": cover})
	r := w.bought(ada, beat["id"].(string), 20)
	data := r.Body["data"].(map[string]any)
	pid, number := data["id"].(string), data["licence_number"].(string)

	// The producer sends the buyer part of the earnings.
	tr, _ := http.NewRequest("POST", w.app.URL("/api/wallet/transfer"), strings.NewReader(`{"email":"ada_sings@example.com","amount":5,"note":"thanks"}`))
	tr.Header.Set("Content-Type", "application/json")
	tr.Header.Set("Idempotency-Key", uuid.NewString())
	if r := kel.Do(tr); r.Status != http.StatusCreated {
		t.Fatalf("transfer: %d %s", r.Status, r.Raw)
	}
	if r := ada.JSON("GET", "/api/wallet/transactions", nil); !strings.Contains(string(r.Raw), `"counterparty":"kel_on_the_beat"`) {
		t.Fatalf("the buyer's history before: %s", r.Raw)
	}

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
	// The buyer's history and statement name "Deleted user" where the producer was, and the
	// transfer no longer links to the erased profile.
	h := ada.JSON("GET", "/api/wallet/transactions", nil)
	if h.Status != http.StatusOK || strings.Contains(string(h.Raw), "kel") {
		t.Errorf("the buyer's history names the producer: %s", h.Raw)
	}
	named := map[string]string{}
	for _, e := range h.Body["transactions"].([]any) {
		e := e.(map[string]any)
		named[e["type"].(string)] = e["counterparty"].(string)
		if e["type"] == "transfer" && e["link"] != nil {
			t.Errorf("the transfer links to %v", e["link"])
		}
		if e["type"] == "purchase" && e["link"] == nil {
			t.Error("the purchase lost its link to the beat")
		}
	}
	if named["purchase"] != "Deleted user" || named["transfer"] != "Deleted user" {
		t.Errorf("the buyer's history: %v", named)
	}
	today := time.Now().In(notify.Lagos)
	st := ada.JSON("GET", "/api/wallet/statement?from="+today.AddDate(0, 0, -1).Format(time.DateOnly)+"&to="+today.AddDate(0, 0, 1).Format(time.DateOnly), nil)
	if st.Status != http.StatusOK || strings.Contains(string(st.Raw), "kel") || strings.Count(string(st.Raw), ",Deleted user,") != 2 {
		t.Errorf("the buyer's statement: %d\n%s", st.Status, st.Raw)
	}
	// Nothing in the ledger names the producer: neither others' entries (the commission's too)
	// nor the movements' records; the producer's own entries stay, for the books.
	items := w.ledgerItems()
	for _, it := range items {
		if strings.Contains(it, "kel_on_the_beat") {
			t.Errorf("the ledger still names the producer: %s", it)
		}
	}
	if own, err := w.ledgerOf().Entries(context.Background(), kel.ID, "", ledger.Page{Limit: 10}); err != nil || len(own.Entries) != 3 {
		t.Errorf("the producer's own entries: %v %v", own.Entries, err)
	}
	// The job run again changes nothing.
	work, err := jobs.FromEnv(context.Background(), w.app.Cloud.Config, func(k string) string { return w.app.Env[k] })
	if err != nil {
		t.Fatal(err)
	}
	job, _ := json.Marshal(map[string]string{"type": "user_deleted", "author_id": kel.ID})
	if err := work(context.Background(), job); err != nil {
		t.Fatalf("the job again: %v", err)
	}
	if again := w.ledgerItems(); !slices.Equal(again, items) {
		t.Errorf("a rerun changed the ledger:\n%v\nthen\n%v", items, again)
	}
	w.audit()
}
