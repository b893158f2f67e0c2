package account_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"zuum/shared/account"
	"zuum/shared/failure"
	"zuum/shared/profile"
)

// burst runs n calls at once and tallies their errors.
func burst(n int, call func(i int) error) map[error]int {
	var mu sync.Mutex
	got := map[error]int{}
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			err := call(i)
			mu.Lock()
			got[err]++
			mu.Unlock()
		})
	}
	wg.Wait()
	return got
}

func verified(t *testing.T, svc *account.Service, box *inbox, email string) {
	t.Helper()
	signup(t, svc, email)
	if err := svc.VerifyEmail(context.Background(), email, box.lastCode(t)); err != nil {
		t.Fatal(err)
	}
}

// Concurrent wrong logins are checked at most as often as the limit allows; the rest are 429:
// twenty on one account (from twenty addresses), sixty from one address (on sixty accounts).
func TestLogin_ConcurrentWrongLoginsGetAtMostTheirLimitsChecks(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		n     int
		max   int
		login func(i int) (email, ip string)
	}{
		{"twenty on one account", 20, account.LoginFailsAccount, func(i int) (string, string) {
			return "burst@example.com", fmt.Sprintf("192.0.2.%d", i+1)
		}},
		{"sixty from one address", 60, account.LoginFailsIP, func(i int) (string, string) {
			return fmt.Sprintf("guess%d@example.com", i), "198.51.100.20"
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			svc, box, _ := setup(t)
			verified(t, svc, box, "burst@example.com")
			got := burst(tc.n, func(i int) error {
				email, ip := tc.login(i)
				_, err := svc.Login(context.Background(), email, "wrong-password", ip)
				return err
			})
			if got[account.ErrBadCredentials] > tc.max || got[account.ErrBadCredentials]+got[account.ErrTooManyLogins] != tc.n {
				t.Fatalf("want at most %d checked and the rest 429, got %v", tc.max, got)
			}
		})
	}
}

func TestLogin_RightPasswordsDoNotUseUpTheAddressLimit(t *testing.T) {
	t.Parallel()
	svc, box, _ := setup(t)
	ctx := context.Background()
	verified(t, svc, box, "office@example.com")
	for i := 0; i < account.LoginFailsIP+5; i++ {
		if _, err := svc.Login(ctx, "office@example.com", "password123", "203.0.113.1"); err != nil {
			t.Fatalf("login %d from a busy address: %v", i+1, err)
		}
	}
	if _, err := svc.Login(ctx, "office@example.com", "wrong-password", "203.0.113.1"); err != account.ErrBadCredentials {
		t.Fatalf("a wrong password after many right ones: %v", err)
	}
}

func TestVerifyEmail_ResendsDoNotBuyMoreThanFifteenTriesADay(t *testing.T) {
	t.Parallel()
	svc, box, clk := signedUp(t, "daily@example.com")
	ctx := context.Background()
	wrongFor := func(code string) string {
		if code == "000000" {
			return "111111"
		}
		return "000000"
	}
	for round := 0; round < account.VerifyTriesAccount/account.OTPMaxTries; round++ {
		if round > 0 {
			clk.advance(account.ResendCooldown)
			if err := svc.ResendOTP(ctx, "daily@example.com"); err != nil {
				t.Fatalf("resend %d: %v", round, err)
			}
		}
		wrong := wrongFor(box.lastCode(t))
		for i := 0; i < account.OTPMaxTries; i++ {
			if err := svc.VerifyEmail(ctx, "daily@example.com", wrong); err != account.ErrInvalidOTP {
				t.Fatalf("round %d try %d: %v", round, i+1, err)
			}
		}
	}
	clk.advance(account.ResendCooldown)
	if err := svc.ResendOTP(ctx, "daily@example.com"); err != nil {
		t.Fatal(err)
	}
	is(t, svc.VerifyEmail(ctx, "daily@example.com", box.lastCode(t)), account.ErrTooManyCodes, "the 16th try of the day, right code included")
	if !failure.Is(account.ErrTooManyCodes, failure.RateLimited) {
		t.Fatal("the daily cap must be a 429")
	}
	clk.advance(account.VerifyWindow)
	if err := svc.ResendOTP(ctx, "daily@example.com"); err != nil {
		t.Fatal(err)
	}
	is(t, svc.VerifyEmail(ctx, "daily@example.com", box.lastCode(t)), nil, "the next day")
}

func TestSignup_TenAnHourFromOneAddressThenRefused(t *testing.T) {
	t.Parallel()
	svc, _, clk := setup(t)
	ctx := context.Background()
	in := func(name string) profile.SignupInput {
		return profile.SignupInput{FirstName: "A", LastName: "B", Username: name, Email: name + "@example.com",
			Phone: "08031234567", Password: "password123", Identity: "artist"}
	}
	bad := in("nobody")
	bad.Email = "not-an-email"
	for range 3 { // refused sign-ups do not count
		if _, err := svc.Signup(ctx, bad, "203.0.113.9"); !failure.Is(err, failure.Invalid) {
			t.Fatal(err)
		}
	}
	for i := 0; i < account.SignupsIP; i++ {
		if _, err := svc.Signup(ctx, in(fmt.Sprintf("farm%d", i)), "203.0.113.9"); err != nil {
			t.Fatalf("sign-up %d: %v", i+1, err)
		}
	}
	if _, err := svc.Signup(ctx, in("farm_extra"), "203.0.113.9"); err != account.ErrTooManySignups {
		t.Fatalf("eleventh sign-up from one address: %v", err)
	}
	if _, err := svc.Signup(ctx, in("elsewhere"), "203.0.113.10"); err != nil {
		t.Fatalf("another address: %v", err)
	}
	clk.advance(account.SignupWindow)
	if _, err := svc.Signup(ctx, in("farm_extra"), "203.0.113.9"); err != nil {
		t.Fatalf("the next hour: %v", err)
	}
}

func TestForgotPassword_LimitedPerAccountAndPerAddress(t *testing.T) {
	t.Parallel()
	svc, _, clk := signedUp(t, "often@example.com")
	ctx := context.Background()
	for i := 0; i < account.ForgotsAccount; i++ {
		if err := svc.ForgotPassword(ctx, "often@example.com", fmt.Sprintf("192.0.2.%d", i+1)); err != nil {
			t.Fatalf("request %d: %v", i+1, err)
		}
		clk.advance(account.ResendCooldown)
	}
	is(t, svc.ForgotPassword(ctx, "often@example.com", "192.0.2.99"), account.ErrTooManyResetsAccount, "fourth link in an hour")
	for i := 0; i < account.ForgotsIP; i++ { // unknown emails count too: the limit is on asking
		if err := svc.ForgotPassword(ctx, fmt.Sprintf("who%d@example.com", i), "198.51.100.7"); err != account.ErrUserNotFound {
			t.Fatalf("request %d: %v", i+1, err)
		}
	}
	is(t, svc.ForgotPassword(ctx, "who@example.com", "198.51.100.7"), account.ErrTooManyResetsIP, "sixth request from one address")
	clk.advance(time.Hour)
	is(t, svc.ForgotPassword(ctx, "often@example.com", "198.51.100.7"), nil, "the next hour")
}

func TestCheckUsername_LimitedPerAddress(t *testing.T) {
	t.Parallel()
	svc, _, _ := setup(t)
	ctx := context.Background()
	got := burst(account.UsernameChecksIP+10, func(int) error {
		_, err := svc.CheckUsername(ctx, "someone", "192.0.2.77")
		return err
	})
	if got[nil] != account.UsernameChecksIP || got[account.ErrTooManyUsernameChecks] != 10 {
		t.Fatalf("want %d answered and 10 refused, got %v", account.UsernameChecksIP, got)
	}
}

// A malformed email is bad input, answered before anything is counted or looked up (an
// over-long one would also be a key DynamoDB refuses).
func TestForgotPassword_MalformedEmailIs400AndCountsNothing(t *testing.T) {
	t.Parallel()
	svc, _, _ := setup(t)
	ctx := context.Background()
	for _, bad := range []string{"<script>@x.y", strings.Repeat("a", 3000) + "@example.com"} {
		for range account.ForgotsIP + 1 {
			err := svc.ForgotPassword(ctx, bad, "192.0.2.1")
			fe, _ := err.(*failure.Error)
			if fe == nil || fe.Code != failure.Invalid || len(fe.Fields) != 1 || fe.Fields[0].Msg != "Invalid email format" {
				t.Fatalf("%.20s: %v", bad, err)
			}
		}
	}
}
