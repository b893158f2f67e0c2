package licences_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/localstack/apptest"
	"zuum/shared/licence"
	"zuum/shared/schema"
)

// sold records a licence as a purchase's transaction would.
func sold(t *testing.T, app *apptest.App) licence.Licence {
	t.Helper()
	l := licence.Licence{
		Number: licence.NewNumber(), PurchaseID: "0196f3a2-7c1e-7b3a-9c1d-2e3f4a5b6c7d",
		BeatID: "0196f3a0-1111-7222-8333-444455556666", BeatTitle: "Ọjọ́ Ìsinmi",
		BuyerID: "buyer-1", BuyerUsername: "ada_sings", ProducerID: "producer-1", ProducerUsername: "kel_on_the_beat",
		PurchasedAt: time.Date(2026, 11, 23, 18, 30, 5, 0, time.UTC),
	}
	put := licence.NewStore(app.Cloud.DynamoDB, schema.Posts.Name).PutItem(l)
	if _, err := app.Cloud.DynamoDB.TransactWriteItems(context.Background(), &dynamodb.TransactWriteItemsInput{
		TransactItems: []types.TransactWriteItem{put},
	}); err != nil {
		t.Fatal(err)
	}
	return l
}

func TestVerify_AnyoneSeesAGenuineLicenceWithoutLoggingIn(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	l := sold(t, app)
	r := app.Client(t).JSON("GET", "/api/licences/"+l.Number, nil)
	if r.Status != http.StatusOK {
		t.Fatalf("%d %s", r.Status, r.Raw)
	}
	want := `{"valid":true,"licence_number":"` + l.Number + `",` +
		`"beat":{"id":"0196f3a0-1111-7222-8333-444455556666","title":"Ọjọ́ Ìsinmi"},` +
		`"buyer":{"id":"buyer-1","username":"ada_sings"},"producer":{"id":"producer-1","username":"kel_on_the_beat"},` +
		`"purchased_at":"2026-11-23T18:30:05Z"}`
	if got := strings.TrimSpace(string(r.Raw)); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestVerify_ANumberTypedInLowerCaseOrWithLookalikesFindsTheLicence(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	l := sold(t, app)
	typed := strings.ToLower(l.Number)
	typed = strings.NewReplacer("0", "o", "1", "l").Replace(typed[5:]) // ZUUM- kept aside
	r := app.Client(t).JSON("GET", "/api/licences/zuum-"+typed, nil)
	if r.Status != http.StatusOK || r.Body["licence_number"] != l.Number {
		t.Errorf("%d %s", r.Status, r.Raw)
	}
}

func TestVerify_AnUnknownOrMalformedNumberIsNotFound(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	sold(t, app)
	anon := app.Client(t)
	for _, number := range []string{licence.NewNumber(), "ZUUM-ABCD-EFGH-JKMU", "nonsense", "ZUUM-ABCD-EFGH-JKMN-0000", "%20"} {
		if r := anon.JSON("GET", "/api/licences/"+number, nil); r.Status != http.StatusNotFound || r.Message() != "Licence not found" {
			t.Errorf("%s: %d %s", number, r.Status, r.Raw)
		}
	}
	if r := anon.JSON("POST", "/api/licences/"+licence.NewNumber(), nil); r.Status != http.StatusNotFound || r.Message() != "Route not found." {
		t.Errorf("POST: %d %s", r.Status, r.Raw)
	}
}

// The samples in events/licences are what `make invoke` replays.
func TestEvents_LicenceSamplesThroughTheLambdaAdapter(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	app.ReplayAnswers(t, "licences", "events/licences/verify-unknown.json", http.StatusNotFound, "Licence not found")
}
