package auth_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
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
	_, c := start(t)
	body := apptest.Signup("ola_s")
	body["firstname"] = strings.Repeat("ọ", 50)
	body["lastname"] = "Ọláòṣebìkan\u200b"
	if r := c.JSON("POST", "/api/auth/signup", body); r.Status != http.StatusCreated {
		t.Fatalf("%d %s", r.Status, r.Raw)
	}
}

func TestSignup_ReservedUsernamesAnswerAsTaken(t *testing.T) {
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
	app, c := start(t)
	for i := range 10 {
		if r := c.JSON("POST", "/api/auth/signup", apptest.Signup(fmt.Sprintf("farm%d", i))); r.Status != http.StatusCreated {
			t.Fatalf("sign-up %d: %d %s", i+1, r.Status, r.Raw)
		}
	}
	r := c.JSON("POST", "/api/auth/signup", apptest.Signup("farm10"))
	if r.Status != http.StatusTooManyRequests || r.Message() != "Too many sign-ups from this network. Please try again in an hour." {
		t.Fatalf("eleventh: %d %s", r.Status, r.Raw)
	}
	if r := app.Client(t).JSON("POST", "/api/auth/signup", apptest.Signup("farm10")); r.Status != http.StatusCreated {
		t.Fatalf("from another address: %d %s", r.Status, r.Raw)
	}
}

// In AWS every call reaches the API from a CloudFront server, so API Gateway's sourceIp is the
// edge's address, shared by a whole city; the limit must follow each viewer's own address.
func TestSignup_TwoViewersBehindOneCDNServerHaveTheirOwnLimits(t *testing.T) {
	app, lagos := start(t)
	lagos.Edge = "130.176.40.1"
	for i := range 10 {
		if r := lagos.JSON("POST", "/api/auth/signup", apptest.Signup(fmt.Sprintf("edge%d", i))); r.Status != http.StatusCreated {
			t.Fatalf("sign-up %d: %d %s", i+1, r.Status, r.Raw)
		}
	}
	if r := lagos.JSON("POST", "/api/auth/signup", apptest.Signup("edge10")); r.Status != http.StatusTooManyRequests {
		t.Fatalf("eleventh from one viewer: %d %s", r.Status, r.Raw)
	}
	neighbour := app.Client(t)
	neighbour.Edge = lagos.Edge
	if r := neighbour.JSON("POST", "/api/auth/signup", apptest.Signup("edge10")); r.Status != http.StatusCreated {
		t.Fatalf("another viewer behind the same edge: %d %s", r.Status, r.Raw)
	}
}

func TestVerifyEmail_AVerifiedEmailAnswersExactlyLikeAWrongCode(t *testing.T) {
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
	app, c := start(t)
	c.JSON("POST", "/api/auth/signup", apptest.Signup("kola"))
	// Three codes of five wrong tries each; the resend cooldown is waited out in the store, as a
	// minute's wait would.
	for round := range 3 {
		if round > 0 {
			waitOutCooldown(t, app, "kola@example.com")
			if r := c.JSON("POST", "/api/auth/resend-otp", map[string]string{"email": "kola@example.com"}); r.Status != http.StatusOK {
				t.Fatalf("resend: %d %s", r.Status, r.Raw)
			}
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
	r := c.JSON("POST", "/api/auth/verify-email", map[string]string{"email": "kola@example.com", "otp": app.LastOTP(t, "kola@example.com")})
	if r.Status != http.StatusTooManyRequests || r.Message() != "Too many wrong codes today. Please try again tomorrow." {
		t.Fatalf("16th try of the day: %d %s", r.Status, r.Raw)
	}
}

func TestForgotPassword_LimitsAnswer429WithClearMessages(t *testing.T) {
	_, c := start(t)
	for i := range 5 {
		if r := c.JSON("POST", "/api/auth/forgot-password", map[string]string{"email": fmt.Sprintf("nobody%d@example.com", i)}); r.Status != http.StatusNotFound {
			t.Fatalf("request %d: %d %s", i+1, r.Status, r.Raw)
		}
	}
	r := c.JSON("POST", "/api/auth/forgot-password", map[string]string{"email": "nobody@example.com"})
	if r.Status != http.StatusTooManyRequests || r.Message() != "Too many password reset requests from this network. Please try again in an hour." {
		t.Fatalf("sixth from one address: %d %s", r.Status, r.Raw)
	}
}

func TestPasswordReset_TheLinkNamesTheEmailAndWorksInAnyBrowser(t *testing.T) {
	app, c := start(t)
	app.NewUser(t, c, "ngozi")
	if r := c.JSON("POST", "/api/auth/forgot-password", map[string]string{"email": "ngozi@example.com"}); r.Status != http.StatusOK {
		t.Fatalf("forgot: %d %s", r.Status, r.Raw)
	}
	mail := app.Cloud.MailTo("ngozi@example.com")
	text := mail[len(mail)-1].Body.Text
	i := strings.Index(text, app.URL("/reset?token="))
	if i < 0 {
		t.Fatalf("no reset link in %q", text)
	}
	link, _ := url.Parse(strings.Fields(text[i:])[0])
	if link.Query().Get("email") != "ngozi@example.com" || link.Query().Get("token") == "" {
		t.Fatalf("link %s", link)
	}
	other := app.Client(t) // another browser: nothing stored
	wrong := map[string]string{"token": link.Query().Get("token"), "email": "someone@example.com", "newPassword": "brand-new-pass"}
	if r := other.JSON("POST", "/api/auth/reset-password", wrong); r.Status != http.StatusBadRequest || r.Message() != "Invalid or expired reset token." {
		t.Fatalf("another email with the token: %d %s", r.Status, r.Raw)
	}
	r := other.JSON("POST", "/api/auth/reset-password", map[string]string{"token": link.Query().Get("token"), "newPassword": "brand-new-pass"})
	if r.Status != http.StatusOK || r.Message() != "Password reset successful. Please log in." {
		t.Fatalf("token alone: %d %s", r.Status, r.Raw)
	}
	if r := other.JSON("POST", "/api/auth/login", map[string]string{"email": "ngozi@example.com", "password": "brand-new-pass"}); r.Status != http.StatusOK {
		t.Fatalf("new password: %d %s", r.Status, r.Raw)
	}
}
