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
	cloud := cloudtest.Start(t)
	db := dynamodb.NewFromConfig(cloud.Config)
	clk := &clock{t: time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)}
	secret := []byte("0123456789abcdef0123456789abcdef")
	st, err := session.NewStore(db, schema.Users.Name, secret, clk.now)
	if err != nil {
		t.Fatal(err)
	}
	box := &inbox{}
	svc, err := admin.New(admin.Config{DB: db, Table: schema.Users.Name, Sessions: st, Users: session.NewUsers(st),
		Audit: audit.New(db, schema.Users.Name), Mailer: box, Secret: secret, Bootstrap: bootstrap, HashCost: 4, Now: clk.now})
	if err != nil {
		t.Fatal(err)
	}
	return svc, box, clk
}

func verified(t *testing.T, svc *admin.Service, box *inbox, name string) admin.Admin {
	t.Helper()
	ctx := context.Background()
	a, sent, err := svc.Signup(ctx, admin.SignupInput{Username: name, Email: name + "@zuum.test", Password: "password123"})
	if err != nil || !sent {
		t.Fatalf("signup: %v %v", sent, err)
	}
	if err := svc.VerifyEmail(ctx, a.Email, box.code()); err != nil {
		t.Fatal(err)
	}
	return a
}

func TestVerify_PutsTheAdminInThePendingQueue(t *testing.T) {
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
