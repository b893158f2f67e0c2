package seed_test

import (
	"context"
	"net/http"
	"os"
	"regexp"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	wireaccounts "zuum/functions/wire/accounts"
	"zuum/localstack/apptest"
	"zuum/localstack/seed"
	"zuum/shared/account"
	"zuum/shared/ledger"
	"zuum/shared/profile"
	"zuum/shared/schema"
)

func TestSeed_GivesANewcomerALivingFeedOnceAndOnlyOnce(t *testing.T) {
	app, n := seeded(t)
	if n != len(seed.Demos)+len(seed.Listeners) {
		t.Fatalf("accounts: %d", n)
	}
	want := len(seed.Videos)
	for _, tracks := range seed.Tracks {
		want += len(tracks)
	}
	twice(t, "posts", want, step(t, app, seed.Posts))

	c := demo(t, app)
	for tab, count := range map[string]int{"audio": want - len(seed.Videos), "video": len(seed.Videos)} {
		r := c.JSON("GET", "/api/feed?tab="+tab+"&limit=50", nil)
		posts, _ := r.Body["posts"].([]any)
		if r.Status != http.StatusOK || len(posts) != count {
			t.Fatalf("%s feed: %d with %d posts, want %d: %s", tab, r.Status, len(posts), count, r.Raw)
		}
		for _, p := range posts {
			if d, _ := p.(map[string]any)["duration"].(float64); d <= 0 {
				t.Fatalf("%s post without a measured duration: %v", tab, p)
			}
			// A demo track's 480 px cover gets a 160 px rendition and one as wide as itself.
			if rends, _ := p.(map[string]any)["cover_renditions"].([]any); tab == "audio" && len(rends) != 2 {
				t.Fatalf("a demo track's cover has renditions %v, want 160 and 480", rends)
			}
		}
	}
	// ada_sings is followed by four demo accounts and told of their posts.
	r := c.JSON("GET", "/api/user/profile", nil)
	if got, _ := r.Body["followers_count"].(float64); got != 4 {
		t.Fatalf("ada's followers = %v, want 4", r.Body["followers_count"])
	}
	r = c.JSON("GET", "/api/notifications?limit=50", nil)
	if list, _ := r.Body["notifications"].([]any); len(list) < 4 {
		t.Fatalf("ada has %d notifications, want her followers' and followees' news: %s", len(list), r.Raw)
	}
}

// seeded is a running app with the demo accounts in it (seed.Apply), and how many it made.
func seeded(t *testing.T) (*apptest.App, int) {
	t.Helper()
	app := apptest.Start(t, nil)
	n, err := seed.Apply(context.Background(), profile.NewStore(dynamodb.NewFromConfig(app.Cloud.Config), schema.Users.Name))
	if err != nil {
		t.Fatal(err)
	}
	return app, n
}

// demo is a client signed in as the first demo account.
func demo(t *testing.T, app *apptest.App) *apptest.Client {
	t.Helper()
	c := app.Client(t)
	r := c.JSON("POST", "/api/auth/login", map[string]string{"email": seed.Demos[0].Email, "password": seed.Password})
	if r.Status != http.StatusOK {
		t.Fatalf("login: %d %s", r.Status, r.Raw)
	}
	c.Token, _ = r.Body["token"].(string)
	return c
}

// step is a seeding step run against app with the accounts service, as the seed command runs
// it; it fails t on any event the app failed to handle.
func step(t *testing.T, app *apptest.App, run func(context.Context, string, *http.Client, seed.Sessions, func(context.Context) error) (int, error)) func() (int, error) {
	return func() (int, error) {
		defer app.NoFailedEvents(t)
		return run(context.Background(), app.Server.URL, app.Server.Client(), accounts(t, app), app.Cloud.Edge.WaitIdle)
	}
}

// twice runs a seeding step twice: the first run makes first items of what, the second none.
func twice(t *testing.T, what string, first int, run func() (int, error)) {
	t.Helper()
	for i, want := range []int{first, 0} {
		if n, err := run(); err != nil || n != want {
			t.Fatalf("run %d made %d %s (%v), want %d", i+1, n, what, err, want)
		}
	}
}

// accounts is the account service the local cloud gives the seed, wired as the groups are.
func accounts(t *testing.T, app *apptest.App, opts ...func(*account.Config)) *account.Service {
	t.Helper()
	svc, _, err := wireaccounts.FromEnv(context.Background(), app.Cloud.Config, func(k string) string { return app.Env[k] }, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

func TestSeed_StartsAfterThirtyFailedLoginsFromItsAddressAndAgainstItsAccounts(t *testing.T) {
	// Given the demo accounts, and 30 failed logins from the seed's own address (127.0.0.1),
	// five against each of the first demo accounts, all in one login window: the clock stands
	// still, so the window cannot end between the failures and the checks
	app, _ := seeded(t)
	ctx := context.Background()
	now := time.Now()
	svc := accounts(t, app, func(c *account.Config) { c.Now = func() time.Time { return now } })
	for i := range 30 {
		d := seed.Demos[i/5%len(seed.Demos)]
		if _, err := svc.Login(ctx, d.Email, "wrong-password", "127.0.0.1"); err != account.ErrBadCredentials {
			t.Fatalf("failed login %d: %v", i+1, err)
		}
	}
	if _, err := svc.Login(ctx, seed.Demos[5].Email, seed.Password, "127.0.0.1"); err != account.ErrTooManyLogins {
		t.Fatalf("the address is not locked out: %v", err)
	}

	// When the seed runs, from that same address
	n, err := seed.Posts(ctx, app.Server.URL, app.Server.Client(), svc, app.Cloud.Edge.WaitIdle)

	// Then it adds the demo posts all the same, and the login limit still stands
	if err != nil || n == 0 {
		t.Fatalf("seed after failed logins: %d posts, %v", n, err)
	}
	app.NoFailedEvents(t)
	if _, err := svc.Login(ctx, seed.Demos[0].Email, seed.Password, "127.0.0.1"); err != account.ErrTooManyLogins {
		t.Fatalf("the seed lifted the login limit: %v", err)
	}
}

// The README tells a newcomer what the demo content is; it must count what the seed makes.
func TestREADME_CountsTheDemoTracksAndVideosTheSeedMakes(t *testing.T) {
	raw, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	words := []string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
	tracks := 0
	for _, list := range seed.Tracks {
		tracks += len(list)
	}
	m := regexp.MustCompile(`(\w+) tracks with generated covers and audio, (\w+) short videos`).FindStringSubmatch(string(raw))
	if m == nil {
		t.Fatal("README no longer describes the demo tracks and videos")
	}
	if m[1] != words[tracks] || m[2] != words[len(seed.Videos)] {
		t.Errorf("README says %s tracks and %s videos; the seed makes %d and %d", m[1], m[2], tracks, len(seed.Videos))
	}
}

func TestSeed_PaysTheListenersWalletsInThroughTheSandboxOnce(t *testing.T) {
	app, _ := seeded(t)
	ctx := context.Background()
	l := ledger.New(dynamodb.NewFromConfig(app.Cloud.Config), schema.Ledger.Name)
	twice(t, "wallets", len(seed.Listeners), func() (int, error) {
		return seed.Wallets(ctx, app.Server.URL, app.Cloud.URL, app.Server.Client(), accounts(t, app), l, app.Cloud.Edge.WaitIdle)
	})
	// Every deposit came by the provider's webhook, once, and the ledger balances.
	if d := app.Cloud.Edge.Payments().Deliveries(); len(d) != len(seed.Listeners) {
		t.Fatalf("%d webhooks, want one per listener", len(d))
	}
	audit, err := l.Audit(ctx)
	if err != nil || audit.Sum != 0 || audit.Movements != len(seed.Listeners) {
		t.Fatalf("audit %+v, %v", audit, err)
	}
	c := app.Client(t)
	for _, d := range seed.Listeners {
		r := c.JSON("POST", "/api/auth/login", map[string]string{"email": d.Email, "password": seed.Password})
		if r.Status != http.StatusOK {
			t.Fatalf("login %s: %d %s", d.Username, r.Status, r.Raw)
		}
		id := r.Body["profile"].(map[string]any)["id"].(string)
		if got := audit.Balances[ledger.User(id)]; got != seed.Deposits[d.Username] {
			t.Errorf("%s holds %s, want %s", d.Username, got, seed.Deposits[d.Username])
		}
	}
}
