package admin_test

import (
	"context"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"zuum/localstack/cloudtest"
	"zuum/shared/admin"
	"zuum/shared/audit"
	"zuum/shared/mail"
	"zuum/shared/schema"
	"zuum/shared/session"
)

type inbox struct {
	mu   sync.Mutex
	sent []mail.Message
}

func (b *inbox) Send(_ context.Context, m mail.Message) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.sent = append(b.sent, m)
	return nil
}

var digits = regexp.MustCompile(`\d{6}`)

func (b *inbox) code() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return digits.FindString(b.sent[len(b.sent)-1].Text)
}

type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

func setup(t *testing.T, bootstrap ...string) (*admin.Service, *inbox, *clock) {
	t.Helper()
	svc, box, clk, _ := setupAll(t, bootstrap...)
	return svc, box, clk
}

func setupAll(t *testing.T, bootstrap ...string) (*admin.Service, *inbox, *clock, *audit.Store) {
	t.Helper()
	cloud := cloudtest.Start(t)
	db := dynamodb.NewFromConfig(cloud.Config)
	clk := &clock{t: time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)}
	secret := []byte("0123456789abcdef0123456789abcdef")
	st, err := session.NewStore(db, schema.Users.Name, secret, clk.now)
	if err != nil {
		t.Fatal(err)
	}
	box, log := &inbox{}, audit.New(db, schema.Users.Name)
	svc, err := admin.New(admin.Config{DB: db, Table: schema.Users.Name, Sessions: st, Users: session.NewUsers(st),
		Audit: log, Mailer: box, Secret: secret, Bootstrap: bootstrap, HashCost: 4, Now: clk.now})
	if err != nil {
		t.Fatal(err)
	}
	return svc, box, clk, log
}

// is fails t unless err is want; what names the step.
func is(t *testing.T, err, want error, what string) {
	t.Helper()
	if err != want {
		t.Fatalf("%s: %v", what, err)
	}
}

// signedUp signs an admin up (their code is in the inbox).
func signedUp(t *testing.T, svc *admin.Service, name string) admin.Admin {
	t.Helper()
	a, sent, err := svc.Signup(context.Background(), admin.SignupInput{Username: name, Email: name + "@zuum.test", Password: "password123"}, "192.0.2.1")
	if err != nil || !sent {
		t.Fatalf("signup: %v %v", sent, err)
	}
	return a
}

func verified(t *testing.T, svc *admin.Service, box *inbox, name string) admin.Admin {
	t.Helper()
	a := signedUp(t, svc, name)
	if err := svc.VerifyEmail(context.Background(), a.Email, box.code()); err != nil {
		t.Fatal(err)
	}
	return a
}

func TestVerify_PutsTheAdminInThePendingQueue(t *testing.T) {
	t.Parallel()
	svc, box, _ := setup(t)
	a := verified(t, svc, box, "ops")
	page, err := svc.List(context.Background(), admin.Pending, 10, "", 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Admins) != 1 || page.Admins[0].ID != a.ID || page.Total != 1 {
		t.Fatalf("pending = %+v", page)
	}
}

func TestBootstrapEmail_IsApprovedAtVerificationAndNotQueued(t *testing.T) {
	t.Parallel()
	svc, box, _ := setup(t, "boot@zuum.test")
	boot := verified(t, svc, box, "boot")
	a := verified(t, svc, box, "ops")
	ctx := context.Background()
	got, err := svc.Get(ctx, boot.ID)
	if err != nil || got.Status != admin.Approved || got.DecidedBy != admin.Bootstrap || !svc.CanAct(got) {
		t.Fatalf("bootstrap admin = %+v, %v", got, err)
	}
	page, err := svc.List(ctx, admin.Pending, 10, "", 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Admins) != 1 || page.Admins[0].ID != a.ID {
		t.Fatalf("pending = %+v", page)
	}
}

func TestVerify_CodeExpiresAfterTenMinutes(t *testing.T) {
	t.Parallel()
	svc, box, clk := setup(t)
	ctx := context.Background()
	a := signedUp(t, svc, "ops")
	clk.t = clk.t.Add(admin.OTPTTL)
	is(t, svc.VerifyEmail(ctx, a.Email, box.code()), admin.ErrOTPExpired, "expired code")
}

func TestVerify_FiveWrongTriesUseUpTheCode(t *testing.T) {
	t.Parallel()
	svc, box, _ := setup(t)
	ctx := context.Background()
	a := signedUp(t, svc, "ops")
	right := box.code()
	wrong := "000000"
	if right == wrong {
		wrong = "111111"
	}
	for i := range admin.OTPMaxTries {
		if err := svc.VerifyEmail(ctx, a.Email, wrong); err != admin.ErrInvalidOTP {
			t.Fatalf("wrong try %d: %v", i+1, err)
		}
	}
	is(t, svc.VerifyEmail(ctx, a.Email, right), admin.ErrOTPTries, "the right code after five wrong ones")
}

func TestLogin_FiveFailuresLockTheEmailUntilTheWindowEnds(t *testing.T) {
	t.Parallel()
	svc, box, clk := setup(t)
	ctx := context.Background()
	a := verified(t, svc, box, "ops")
	for i := range admin.LoginFailsEmail {
		if _, err := svc.Login(ctx, a.Email, "", "wrong-password"); err != admin.ErrBadCredentials {
			t.Fatalf("failure %d: %v", i+1, err)
		}
	}
	if _, err := svc.Login(ctx, a.Email, "", "password123"); err != admin.ErrTooManyLogins {
		t.Fatalf("the right password while locked: %v", err)
	}
	clk.t = clk.t.Add(admin.LoginWindow)
	if _, err := svc.Login(ctx, a.Email, "", "password123"); err != nil {
		t.Fatalf("after the window: %v", err)
	}
}

func TestAuthenticate_TellsUserTokensFromStrangers(t *testing.T) {
	t.Parallel()
	svc, box, _ := setup(t)
	ctx := context.Background()
	a := verified(t, svc, box, "ops")
	l, err := svc.Login(ctx, a.Email, "OPS", "password123") // the username in any case
	if err != nil {
		t.Fatal(err)
	}
	got, err := svc.Authenticate(ctx, l.Token)
	if err != nil || got.ID != a.ID || svc.CanAct(got) {
		t.Fatalf("Authenticate = %+v, %v (an unapproved admin cannot act)", got, err)
	}
	if err := svc.Logout(ctx, l.Token); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Authenticate(ctx, l.Token); err != session.ErrSession {
		t.Fatalf("after logout: %v", err)
	}
}

func TestApprove_TwoAtOnceApproveAndRecordOnce(t *testing.T) {
	t.Parallel()
	svc, box, _, log := setupAll(t, "boot@zuum.test")
	boot := verified(t, svc, box, "boot")
	a := verified(t, svc, box, "ops")
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = svc.Approve(ctx, admin.Actor{ID: boot.ID, Username: boot.Username}, a.ID)
		}()
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		switch err {
		case nil:
			ok++
		case admin.ErrNotAwaiting:
		default:
			t.Fatalf("approve: %v", err)
		}
	}
	if ok != 1 {
		t.Fatalf("%d approvals went through, want 1 (%v)", ok, errs)
	}
	if n, err := log.Count(ctx); err != nil || n != 1 {
		t.Fatalf("audit entries = %d, %v; want 1", n, err)
	}
}
