package auth_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/localstack/apptest"
	"zuum/shared/profile"
	"zuum/shared/schema"
)

// waitOutCooldown makes the email's code look sent long ago, as a minute's wait would.
func waitOutCooldown(t *testing.T, app *apptest.App, email string) {
	t.Helper()
	db := dynamodb.NewFromConfig(app.Cloud.Config)
	a, err := profile.NewStore(db, schema.Users.Name).AccountByEmail(context.Background(), email)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.UpdateItem(context.Background(), &dynamodb.UpdateItemInput{
		TableName: aws.String(schema.Users.Name),
		Key: map[string]types.AttributeValue{
			"pk": &types.AttributeValueMemberS{Value: "USER#" + a.ID}, "sk": &types.AttributeValueMemberS{Value: "OTP"},
		},
		UpdateExpression:          aws.String("SET sent_at = :zero"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":zero": &types.AttributeValueMemberN{Value: "0"}},
	}); err != nil {
		t.Fatal(err)
	}
}

func TestSignup_FiftyYorubaLettersFitTheFiftyCharacterNameLimit(t *testing.T) {
	t.Parallel()
	_, c := start(t)
	body := apptest.Signup("ola_s")
	body["firstname"] = strings.Repeat("ọ", 50)
	body["lastname"] = "Ọláòṣebìkan\u200b"
	if r := c.JSON("POST", "/api/auth/signup", body); r.Status != http.StatusCreated {
		t.Fatalf("%d %s", r.Status, r.Raw)
	}
}

func TestSignup_ReservedUsernamesAnswerAsTaken(t *testing.T) {
	t.Parallel()
	_, c := start(t)
	for _, name := range []string{"admin", "Zuum_Support", "admin2", "z.u.u.m", "Support"} {
		body := apptest.Signup(name)
		body["email"] = "r" + strings.NewReplacer(".", "", "_", "").Replace(strings.ToLower(name)) + "@example.com"
		r := c.JSON("POST", "/api/auth/signup", body)
		if r.Status != http.StatusConflict || r.Message() != "Username is already taken." || r.FieldErrors()["username"] != "Username is already taken." {
			t.Errorf("%q: %d %s", name, r.Status, r.Raw)
		}
	}
}

func TestSignup_EleventhFromOneAddressInAnHourIs429(t *testing.T) {
	t.Parallel()
	app, c := start(t)
	for i := range 10 {
		if r := c.JSON("POST", "/api/auth/signup", apptest.Signup(fmt.Sprintf("farm%d", i))); r.Status != http.StatusCreated {
			t.Fatalf("sign-up %d: %d %s", i+1, r.Status, r.Raw)
		}
	}
	expect(t, c.JSON("POST", "/api/auth/signup", apptest.Signup("farm10")), http.StatusTooManyRequests, "Too many sign-ups from this network. Please try again in an hour.", "eleventh")
	if r := app.Client(t).JSON("POST", "/api/auth/signup", apptest.Signup("farm10")); r.Status != http.StatusCreated {
		t.Fatalf("from another address: %d %s", r.Status, r.Raw)
	}
}

// In AWS every call reaches the API from a CloudFront server, so API Gateway's sourceIp is the
// edge's address, shared by a whole city; the limit must follow each viewer's own address.
func TestSignup_TwoViewersBehindOneCDNServerHaveTheirOwnLimits(t *testing.T) {
	t.Parallel()
	app, lagos := start(t)
	lagos.Edge = "130.176.40.1"
	for i := range 10 {
		if r := lagos.JSON("POST", "/api/auth/signup", apptest.Signup(fmt.Sprintf("edge%d", i))); r.Status != http.StatusCreated {
			t.Fatalf("sign-up %d: %d %s", i+1, r.Status, r.Raw)
		}
	}
	expect(t, lagos.JSON("POST", "/api/auth/signup", apptest.Signup("edge10")), http.StatusTooManyRequests, "", "eleventh from one viewer")
	neighbour := app.Client(t)
	neighbour.Edge = lagos.Edge
	expect(t, neighbour.JSON("POST", "/api/auth/signup", apptest.Signup("edge10")), http.StatusCreated, "", "another viewer behind the same edge")
}

func TestVerifyEmail_AVerifiedEmailAnswersExactlyLikeAWrongCode(t *testing.T) {
	t.Parallel()
	app, c := start(t)
	app.NewUser(t, app.Client(t), "known")
	c.JSON("POST", "/api/auth/signup", apptest.Signup("pending"))
	wrong := "000000"
	if app.LastOTP(t, "pending@example.com") == wrong {
		wrong = "111111"
	}
	verified := c.JSON("POST", "/api/auth/verify-email", map[string]string{"email": "known@example.com", "otp": "123456"})
	unverified := c.JSON("POST", "/api/auth/verify-email", map[string]string{"email": "pending@example.com", "otp": wrong})
	if verified.Status != http.StatusBadRequest || string(verified.Raw) != string(unverified.Raw) {
		t.Fatalf("verified email: %d %s; a wrong code: %d %s", verified.Status, verified.Raw, unverified.Status, unverified.Raw)
	}
}

func TestVerifyEmail_ResendingDoesNotResetTheDailyCap(t *testing.T) {
	t.Parallel()
	app, c := start(t)
	c.JSON("POST", "/api/auth/signup", apptest.Signup("kola"))
	// Three codes of five wrong tries each; the resend cooldown is waited out in the store, as a
	// minute's wait would.
	for round := range 3 {
		if round > 0 {
			waitOutCooldown(t, app, "kola@example.com")
			expect(t, c.JSON("POST", "/api/auth/resend-otp", map[string]string{"email": "kola@example.com"}), http.StatusOK, "", "resend")
		}
		wrong := "000000"
		if app.LastOTP(t, "kola@example.com") == wrong {
			wrong = "111111"
		}
		for range 5 {
			if r := c.JSON("POST", "/api/auth/verify-email", map[string]string{"email": "kola@example.com", "otp": wrong}); r.Status != http.StatusBadRequest {
				t.Fatalf("round %d: %d %s", round, r.Status, r.Raw)
			}
		}
	}
	waitOutCooldown(t, app, "kola@example.com")
	c.JSON("POST", "/api/auth/resend-otp", map[string]string{"email": "kola@example.com"})
	expect(t, c.JSON("POST", "/api/auth/verify-email", map[string]string{"email": "kola@example.com", "otp": app.LastOTP(t, "kola@example.com")}), http.StatusTooManyRequests, "Too many wrong codes today. Please try again tomorrow.", "16th try of the day")
}

func TestForgotPassword_LimitsAnswer429WithClearMessages(t *testing.T) {
	t.Parallel()
	_, c := start(t)
	for i := range 5 {
		if r := c.JSON("POST", "/api/auth/forgot-password", map[string]string{"email": fmt.Sprintf("nobody%d@example.com", i)}); r.Status != http.StatusNotFound {
			t.Fatalf("request %d: %d %s", i+1, r.Status, r.Raw)
		}
	}
	expect(t, c.JSON("POST", "/api/auth/forgot-password", map[string]string{"email": "nobody@example.com"}), http.StatusTooManyRequests, "Too many password reset requests from this network. Please try again in an hour.", "sixth from one address")
}

func TestPasswordReset_TheLinkNamesTheEmailAndWorksInAnyBrowser(t *testing.T) {
	t.Parallel()
	app, c := start(t)
	app.NewUser(t, c, "ngozi")
	expect(t, c.JSON("POST", "/api/auth/forgot-password", map[string]string{"email": "ngozi@example.com"}), http.StatusOK, "", "forgot")
	link := app.ResetLink(t, "ngozi@example.com")
	if link.Query().Get("email") != "ngozi@example.com" || link.Query().Get("token") == "" {
		t.Fatalf("link %s", link)
	}
	other := app.Client(t) // another browser: nothing stored
	wrong := map[string]string{"token": link.Query().Get("token"), "email": "someone@example.com", "newPassword": "brand-new-pass"}
	expect(t, other.JSON("POST", "/api/auth/reset-password", wrong), http.StatusBadRequest, "Invalid or expired reset token.", "another email with the token")
	expect(t, other.JSON("POST", "/api/auth/reset-password", map[string]string{"token": link.Query().Get("token"), "newPassword": "brand-new-pass"}), http.StatusOK, "Password reset successful. Please log in.", "token alone")
	expect(t, other.JSON("POST", "/api/auth/login", map[string]string{"email": "ngozi@example.com", "password": "brand-new-pass"}), http.StatusOK, "", "new password")
}
