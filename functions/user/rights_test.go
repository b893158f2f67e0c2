package user_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"zuum/localstack/apptest"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/schema"
)

func login(c *apptest.Client, name, password string) apptest.Response {
	return c.JSON("POST", "/api/auth/login", map[string]string{"email": name + "@example.com", "password": password})
}

func fund(t *testing.T, app *apptest.App, userID string, amount money.Money) {
	t.Helper()
	if _, err := ledger.New(app.Cloud.DynamoDB, schema.Ledger.Name).Move(context.Background(), ledger.Movement{
		Kind: "deposit", Once: ledger.Once{Key: "deposit-" + uuid.NewString()}, Legs: []ledger.Leg{
			{Account: ledger.Clearing, Amount: -amount, Type: "deposit"},
			{Account: ledger.User(userID), Amount: amount, Type: "deposit"},
		}}); err != nil {
		t.Fatal(err)
	}
}

// userItems counts what the Users table still holds under the account's own key.
func userItems(t *testing.T, app *apptest.App, id string) int {
	t.Helper()
	out, err := app.Cloud.DynamoDB.Query(context.Background(), &dynamodb.QueryInput{
		TableName: aws.String(schema.Users.Name), KeyConditionExpression: aws.String("pk = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: "USER#" + id}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return len(out.Items)
}

func TestExport_IsOneFileWithTheProfileAndTheFollows(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada, bo := app.SignedIn(t, "ada"), app.SignedIn(t, "bola")
	if r := follow(ada, bo.ID, true); r.Status != http.StatusOK {
		t.Fatalf("follow: %d %s", r.Status, r.Raw)
	}
	if r := app.Client(t).JSON("GET", "/api/user/export", nil); r.Status != http.StatusUnauthorized {
		t.Fatalf("export signed out: %d", r.Status)
	}
	r := ada.JSON("GET", "/api/user/export", nil)
	if r.Status != http.StatusOK {
		t.Fatalf("export: %d %s", r.Status, r.Raw)
	}
	if cd := r.Header.Get("Content-Disposition"); !strings.HasPrefix(cd, "attachment;") || !strings.Contains(cd, "zuum-data-ada.json") {
		t.Errorf("Content-Disposition %q", cd)
	}
	prof := r.Body["profile"].(map[string]any)
	if prof["username"] != "ada" || prof["email"] != "ada@example.com" {
		t.Errorf("profile %v", prof)
	}
	following := r.Body["following"].([]any)
	if len(following) != 1 || following[0].(map[string]any)["id"] != bo.ID {
		t.Errorf("following %v", following)
	}
	for _, k := range []string{"posts", "comments", "likes", "purchases", "licences", "wallet", "notifications"} {
		if _, ok := r.Body[k].([]any); !ok {
			t.Errorf("%s is %v, want a list", k, r.Body[k])
		}
	}
	// bo was told of the follow: their export lists the notification
	if notes := bo.JSON("GET", "/api/user/export", nil).Body["notifications"].([]any); len(notes) != 1 {
		t.Errorf("bo's notifications %v", notes)
	}
}

func TestDeactivate_HidesTheAccountUntilItsHolderLogsInAgain(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada, bo := app.SignedIn(t, "ada"), app.SignedIn(t, "bola")
	if r := ada.JSON("POST", "/api/user/deactivate", nil); r.Status != http.StatusOK {
		t.Fatalf("deactivate: %d %s", r.Status, r.Raw)
	}
	if r := ada.JSON("GET", "/api/user/profile", nil); r.Status != http.StatusUnauthorized {
		t.Errorf("old session after deactivating: %d", r.Status)
	}
	if r := bo.JSON("GET", "/api/user/profile/"+ada.ID, nil); r.Status != http.StatusNotFound {
		t.Errorf("ada's profile while deactivated: %d", r.Status)
	}
	c := app.Client(t)
	if r := login(c, "ada", "password123"); r.Status != http.StatusOK {
		t.Fatalf("log in again: %d %s", r.Status, r.Raw)
	}
	if r := bo.JSON("GET", "/api/user/profile/"+ada.ID, nil); r.Status != http.StatusOK {
		t.Errorf("ada's profile after coming back: %d", r.Status)
	}
}

func TestAdminDeactivation_StillBlocksLogin_AfterSelfDeactivation(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada := app.SignedIn(t, "ada")
	if r := ada.JSON("POST", "/api/user/deactivate", nil); r.Status != http.StatusOK {
		t.Fatalf("deactivate: %d %s", r.Status, r.Raw)
	}
	admin := app.BootstrapAdmin(t)
	if r := admin.JSON("POST", "/api/admin/auth/deactivate", map[string]string{"userId": ada.ID}); r.Status != http.StatusOK {
		t.Fatalf("admin deactivate: %d %s", r.Status, r.Raw)
	}
	if r := login(app.Client(t), "ada", "password123"); r.Status != http.StatusForbidden {
		t.Errorf("login after an admin's deactivation: %d %s", r.Status, r.Raw)
	}
}

func TestDelete_RefusesAWrongPasswordAndAWalletWithMoney(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada := app.SignedIn(t, "ada")
	r := ada.JSON("POST", "/api/user/delete", map[string]string{"password": "wrong-password"})
	if r.Status != http.StatusBadRequest || r.FieldErrors()["password"] != "Incorrect password." {
		t.Fatalf("wrong password: %d %s", r.Status, r.Raw)
	}
	fund(t, app, ada.ID, money.Money(150_000))
	r = ada.JSON("POST", "/api/user/delete", map[string]string{"password": "password123"})
	if r.Status != http.StatusConflict || !strings.Contains(r.Message(), "Withdraw it to your bank account or transfer it") {
		t.Fatalf("wallet with money: %d %s", r.Status, r.Raw)
	}
	if r := ada.JSON("GET", "/api/user/profile", nil); r.Status != http.StatusOK {
		t.Errorf("refused deletion changed the account: %d", r.Status)
	}
	if r := ada.JSON("POST", "/api/user/delete/code", nil); r.Status != http.StatusBadRequest {
		t.Errorf("code for an account with a password: %d %s", r.Status, r.Raw)
	}
}

func TestDelete_EndsEverySessionAndErasesTheAccount_KeepingTheUsernameHeld(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ada, bo := app.SignedIn(t, "ada"), app.SignedIn(t, "bola")
	other := app.Client(t) // a second session of ada's
	if r := login(other, "ada", "password123"); r.Status != http.StatusOK {
		t.Fatal(r.Raw)
	}
	for _, pair := range [][2]apptest.User{{ada, bo}, {bo, ada}} {
		if r := follow(pair[0], pair[1].ID, true); r.Status != http.StatusOK {
			t.Fatalf("follow: %d %s", r.Status, r.Raw)
		}
	}
	if r := ada.JSON("POST", "/api/user/get-room-id", map[string]string{"profileId_1": ada.ID, "profileId_2": bo.ID}); r.Status != http.StatusOK {
		t.Fatalf("open room: %d %s", r.Status, r.Raw)
	}
	r := ada.JSON("POST", "/api/user/delete", map[string]string{"password": "password123"})
	if r.Status != http.StatusOK {
		t.Fatalf("delete: %d %s", r.Status, r.Raw)
	}
	for _, c := range []*apptest.Client{ada.Client, other} {
		if r := c.JSON("GET", "/api/user/profile", nil); r.Status != http.StatusUnauthorized {
			t.Errorf("a session after deletion: %d", r.Status)
		}
	}
	if r := login(app.Client(t), "ada", "password123"); r.Status != http.StatusUnauthorized {
		t.Errorf("login after deletion: %d %s", r.Status, r.Raw)
	}
	app.NoFailedEvents(t)
	if r := bo.JSON("GET", "/api/user/profile/"+ada.ID, nil); r.Status != http.StatusNotFound {
		t.Errorf("ada's profile: %d", r.Status)
	}
	own := bo.JSON("GET", "/api/user/profile", nil)
	if n := count(own, "followers_count"); n != 0 {
		t.Errorf("bo's followers after ada left: %d", n)
	}
	if n := count(own, "following_count"); n != 0 {
		t.Errorf("bo's following after ada left: %d", n)
	}
	if rooms := bo.JSON("GET", "/api/user/get-rooms", nil).Body["rooms"].([]any); len(rooms) != 0 {
		t.Errorf("bo's rooms %v", rooms)
	}
	if n := userItems(t, app, ada.ID); n != 0 {
		t.Errorf("%d items left under ada's key", n)
	}
	check := app.Client(t).JSON("GET", "/api/auth/check-username?username=ada", nil)
	if check.Body["available"] != false {
		t.Errorf("the username is free at once: %s", check.Raw)
	}
	// The email is free: the person may come back as someone new
	s := apptest.Signup("ada_again")
	s["email"] = "ada@example.com"
	if r := app.Client(t).JSON("POST", "/api/auth/signup", s); r.Status != http.StatusCreated {
		t.Errorf("sign up again with the email: %d %s", r.Status, r.Raw)
	}
	// Once the hold has passed (its expiry moved back here), the username is anyone's again.
	if _, err := app.Cloud.DynamoDB.UpdateItem(context.Background(), &dynamodb.UpdateItemInput{
		TableName: aws.String(schema.Users.Name),
		Key: map[string]types.AttributeValue{
			"pk": &types.AttributeValueMemberS{Value: "USERNAME#ada"}, "sk": &types.AttributeValueMemberS{Value: "GUARD"},
		},
		UpdateExpression:          aws.String("SET expires_at = :past"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":past": &types.AttributeValueMemberN{Value: "1"}},
	}); err != nil {
		t.Fatal(err)
	}
	if app.Client(t).JSON("GET", "/api/auth/check-username?username=ada", nil).Body["available"] != true {
		t.Error("the username is still held after its hold")
	}
	s = apptest.Signup("ada")
	s["email"] = "someone.else@example.com"
	if r := app.Client(t).JSON("POST", "/api/auth/signup", s); r.Status != http.StatusCreated {
		t.Errorf("sign up with the released username: %d %s", r.Status, r.Raw)
	}
}
