package account_test

import (
	"context"
	"errors"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/localstack/cloudtest"
	"zuum/shared/account"
	"zuum/shared/failure"
	"zuum/shared/mail"
	"zuum/shared/profile"
	"zuum/shared/schema"
	"zuum/shared/session"
)

// inbox is a Mailer that keeps what it is given and can be told to fail, to prove what happens
// when SES is down. Delivery through real SES is covered by the route-group tests.
type inbox struct {
	mu   sync.Mutex
	sent []mail.Message
	down bool
}

func (b *inbox) Send(_ context.Context, m mail.Message) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.down {
		return errors.New("mail service unavailable")
	}
	b.sent = append(b.sent, m)
	return nil
}

var digits = regexp.MustCompile(`\d{6}`)

func (b *inbox) lastCode(t *testing.T) string {
	t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	return digits.FindString(b.sent[len(b.sent)-1].Text)
}

var tokenInLink = regexp.MustCompile(`token=([A-Za-z0-9_-]+)`)

type clock struct{ t time.Time }

func (c *clock) now() time.Time          { return c.t }
func (c *clock) advance(d time.Duration) { c.t = c.t.Add(d) }

func setup(t *testing.T) (*account.Service, *inbox, *clock) {
	t.Helper()
	cloud := cloudtest.Start(t)
	box, clk := &inbox{}, &clock{t: time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)}
	svc, err := account.New(account.Config{
		DB: dynamodb.NewFromConfig(cloud.Config), Profiles: profile.NewStore(dynamodb.NewFromConfig(cloud.Config), schema.Users.Name),
		Mailer: box, Secret: []byte("0123456789abcdef0123456789abcdef"), AppURL: "https://zuum.test", HashCost: 4, Now: clk.now,
	})
	if err != nil {
		t.Fatal(err)
	}
	return svc, box, clk
}

// is fails t unless err is want; what names the step.
func is(t *testing.T, err, want error, what string) {
	t.Helper()
	if err != want {
		t.Fatalf("%s: %v", what, err)
	}
}

// signedUp is setup's service with email signed up (signup), its code mailed.
func signedUp(t *testing.T, email string) (*account.Service, *inbox, *clock) {
	t.Helper()
	svc, box, clk := setup(t)
	signup(t, svc, email)
	return svc, box, clk
}

func signup(t *testing.T, svc *account.Service, email string) {
	t.Helper()
	_, err := svc.Signup(context.Background(), profile.SignupInput{FirstName: "A", LastName: "B", Username: email[:4],
		Email: email, Phone: "08031234567", Password: "password123", Identity: "artist"}, "192.0.2.50")
	if err != nil {
		t.Fatal(err)
	}
}

func TestVerifyEmail_CodeExpiresAfterTenMinutes(t *testing.T) {
	t.Parallel()
	svc, box, clk := signedUp(t, "ada1@example.com")
	ctx := context.Background()
	clk.advance(account.OTPTTL)
	is(t, svc.VerifyEmail(ctx, "ada1@example.com", box.lastCode(t)), account.ErrOTPExpired, "expired code")
}

func TestResendOTP_AfterTheCooldownANewCodeReplacesTheOld(t *testing.T) {
	t.Parallel()
	svc, box, clk := signedUp(t, "ada2@example.com")
	ctx := context.Background()
	old := box.lastCode(t)
	clk.advance(account.ResendCooldown - time.Second)
	if err := svc.ResendOTP(ctx, "ada2@example.com"); !failure.Is(err, failure.RateLimited) {
		t.Fatalf("within the cooldown: %v", err)
	}
	clk.advance(time.Second)
	is(t, svc.ResendOTP(ctx, "ada2@example.com"), nil, "after the cooldown")
	fresh := box.lastCode(t)
	if old != fresh {
		is(t, svc.VerifyEmail(ctx, "ada2@example.com", old), account.ErrInvalidOTP, "old code still works")
	}
	is(t, svc.VerifyEmail(ctx, "ada2@example.com", fresh), nil, "fresh code")
}

func TestSignup_WhenMailFailsTheAccountStaysAndResendWorksAtOnce(t *testing.T) {
	t.Parallel()
	svc, box, _ := setup(t)
	ctx := context.Background()
	box.down = true
	res, err := svc.Signup(ctx, profile.SignupInput{FirstName: "A", LastName: "B", Username: "ada3",
		Email: "ada3@example.com", Phone: "08031234567", Password: "password123", Identity: "artist"}, "192.0.2.50")
	if err != nil || res.MailSent {
		t.Fatalf("signup with mail down: %+v %v", res, err)
	}
	box.down = false
	is(t, svc.ResendOTP(ctx, "ada3@example.com"), nil, "resend right after a failed send must not wait for the cooldown")
	if err := svc.VerifyEmail(ctx, "ada3@example.com", box.lastCode(t)); err != nil {
		t.Fatal(err)
	}
}

func TestResetPassword_LinkExpiresAfterThirtyMinutes(t *testing.T) {
	t.Parallel()
	svc, box, clk := signedUp(t, "ada4@example.com")
	ctx := context.Background()
	if err := svc.ForgotPassword(ctx, "ada4@example.com", "192.0.2.50"); err != nil {
		t.Fatal(err)
	}
	box.mu.Lock()
	token := tokenInLink.FindStringSubmatch(box.sent[len(box.sent)-1].Text)[1]
	box.mu.Unlock()
	clk.advance(account.ResetTTL)
	is(t, svc.ResetPassword(ctx, "ada4@example.com", token, "another-pass"), account.ErrBadResetToken, "expired link")
}

func TestLogin_LockoutEndsWithTheWindowAndSessionsExpire(t *testing.T) {
	t.Parallel()
	svc, box, clk := signedUp(t, "ada5@example.com")
	ctx := context.Background()
	if err := svc.VerifyEmail(ctx, "ada5@example.com", box.lastCode(t)); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < account.LoginFailsAccount; i++ {
		if _, err := svc.Login(ctx, "ada5@example.com", "wrong-password", "192.0.2.1"); err != account.ErrBadCredentials {
			t.Fatalf("failure %d: %v", i, err)
		}
	}
	if _, err := svc.Login(ctx, "ada5@example.com", "password123", "192.0.2.1"); err != account.ErrTooManyLogins {
		t.Fatalf("locked out: %v", err)
	}
	clk.advance(account.LoginWindow)
	l, err := svc.Login(ctx, "ada5@example.com", "password123", "192.0.2.1")
	if err != nil {
		t.Fatalf("next window: %v", err)
	}
	if _, err := svc.Authenticate(ctx, l.Token); err != nil {
		t.Fatalf("fresh session: %v", err)
	}
	clk.advance(session.TTL)
	if _, err := svc.Authenticate(ctx, l.Token); err == nil {
		t.Fatal("session outlived its lifetime")
	}
}

func TestLogin_ManyFailuresFromOneAddressLockThatAddressOut(t *testing.T) {
	t.Parallel()
	svc, _, _ := setup(t)
	ctx := context.Background()
	for i := 0; i < account.LoginFailsIP; i++ {
		_, _ = svc.Login(ctx, "guess"+string(rune('a'+i%26))+"@example.com", "password123", "198.51.100.9")
	}
	if _, err := svc.Login(ctx, "someone@example.com", "password123", "198.51.100.9"); err != account.ErrTooManyLogins {
		t.Fatalf("address past its limit: %v", err)
	}
	if _, err := svc.Login(ctx, "someone@example.com", "password123", "198.51.100.10"); err != account.ErrBadCredentials {
		t.Fatalf("another address: %v", err)
	}
}

func TestVerifyEmail_ConcurrentTriesNeverExceedFiveWrongCodes(t *testing.T) {
	t.Parallel()
	svc, box, _ := signedUp(t, "ada6@example.com")
	ctx := context.Background()
	right := box.lastCode(t)
	var wg sync.WaitGroup
	for i := 0; i < account.VerifyTriesAccount-1; i++ { // leave the day's last try for the right code
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			code := "000000"
			if right == code {
				code = "111111"
			}
			_ = svc.VerifyEmail(ctx, "ada6@example.com", code)
		}(i)
	}
	wg.Wait()
	is(t, svc.VerifyEmail(ctx, "ada6@example.com", right), account.ErrOTPTries, "after 20 concurrent wrong tries the right code must be locked out")
}
