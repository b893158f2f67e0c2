package account_test

import (
	"context"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/localstack/cloudtest"
	"zuum/shared/account"
	"zuum/shared/dynamo"
	"zuum/shared/failure"
	"zuum/shared/profile"
	"zuum/shared/schema"
)

// stepUpSetup is setup with the DynamoDB client (to run the consuming transaction) and a user.
func stepUpSetup(t *testing.T) (*account.Service, *dynamodb.Client, *inbox, *clock, profile.Account) {
	t.Helper()
	cloud := cloudtest.Start(t)
	db := dynamodb.NewFromConfig(cloud.Config)
	box, clk := &inbox{}, &clock{t: time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)}
	svc, err := account.New(account.Config{
		DB: db, Profiles: profile.NewStore(db, schema.Users.Name), Mailer: box,
		Secret: []byte("0123456789abcdef0123456789abcdef"), AppURL: "https://zuum.test", HashCost: 4, Now: clk.now,
	})
	if err != nil {
		t.Fatal(err)
	}
	res, err := svc.Signup(context.Background(), profile.SignupInput{FirstName: "Ada", LastName: "Eze", Username: "ada_steps",
		Email: "ada@steps.test", Phone: "08031234567", Password: "password123", Identity: "artist"}, "192.0.2.60")
	if err != nil {
		t.Fatal(err)
	}
	return svc, db, box, clk, res.Account
}

const action = "withdrawal:058:0123456789"

func TestStepUp_ACodeConfirmsItsOwnActionOnce(t *testing.T) {
	t.Parallel()
	svc, db, box, _, ada := stepUpSetup(t)
	ctx := context.Background()
	if err := svc.SendStepUp(ctx, ada, action, "a withdrawal of ₦500.00 to Guaranty Trust Bank account 0123456789"); err != nil {
		t.Fatal(err)
	}
	code := box.lastCode(t)
	if _, err := svc.CheckStepUp(ctx, ada.ID, "withdrawal:058:9876543210", code); err != account.ErrStepUpInvalid {
		t.Fatalf("the code for another account: %v, want ErrStepUpInvalid", err)
	}
	// Two requests check the right code before either has written its action.
	first, err := svc.CheckStepUp(ctx, ada.ID, action, code)
	if err != nil {
		t.Fatal(err)
	}
	second, err := svc.CheckStepUp(ctx, ada.ID, action, code)
	if err != nil {
		t.Fatal(err)
	}
	if err := dynamo.Transact(ctx, db, []types.TransactWriteItem{first}); err != nil {
		t.Fatalf("the first action's transaction: %v", err)
	}
	if err := dynamo.Transact(ctx, db, []types.TransactWriteItem{second}); err == nil {
		t.Fatal("the code confirmed a second action")
	}
	if _, err := svc.CheckStepUp(ctx, ada.ID, action, code); err != account.ErrStepUpInvalid {
		t.Fatalf("a consumed code: %v, want ErrStepUpInvalid", err)
	}
}

func TestStepUp_ExpiresLimitsTriesAndMailsOnceAMinute(t *testing.T) {
	t.Parallel()
	svc, _, box, clk, ada := stepUpSetup(t)
	ctx := context.Background()
	if err := svc.SendStepUp(ctx, ada, action, "a withdrawal"); err != nil {
		t.Fatal(err)
	}
	// Asked again within the minute (a reloaded screen), the code already mailed stands: no 429,
	// no second mail; for another action it is 429.
	if err := svc.SendStepUp(ctx, ada, action, "a withdrawal"); err != nil {
		t.Fatalf("the same action again within the minute: %v, want the mailed code to stand", err)
	}
	if err := svc.SendStepUp(ctx, ada, "withdrawal:058:9876543210", "a withdrawal"); !failure.Is(err, failure.RateLimited) {
		t.Fatalf("another action within the minute: %v, want 429", err)
	}
	if len(box.sent) != 2 {
		t.Fatalf("%d mails after asking three times within the minute, want the sign-up code and one step-up code", len(box.sent))
	}
	code := box.lastCode(t)
	clk.advance(account.OTPTTL)
	if _, err := svc.CheckStepUp(ctx, ada.ID, action, code); err != account.ErrStepUpExpired {
		t.Fatalf("after ten minutes: %v, want ErrStepUpExpired", err)
	}
	if err := svc.SendStepUp(ctx, ada, action, "a withdrawal"); err != nil {
		t.Fatal(err)
	}
	code = box.lastCode(t)
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	for i := 1; i < account.OTPMaxTries; i++ {
		if _, err := svc.CheckStepUp(ctx, ada.ID, action, wrong); err != account.ErrStepUpInvalid {
			t.Fatalf("wrong code #%d: %v", i, err)
		}
	}
	if _, err := svc.CheckStepUp(ctx, ada.ID, action, wrong); err != account.ErrStepUpInvalid {
		t.Fatalf("the last try: %v", err)
	}
	if _, err := svc.CheckStepUp(ctx, ada.ID, action, code); err != account.ErrStepUpTries {
		t.Fatalf("the right code after %d wrong ones: %v, want ErrStepUpTries", account.OTPMaxTries, err)
	}
	// A code with no tries left does not stand: within the minute that is 429.
	if err := svc.SendStepUp(ctx, ada, action, "a withdrawal"); !failure.Is(err, failure.RateLimited) {
		t.Fatalf("asking again once the code's tries are spent: %v, want 429", err)
	}
	if len(box.sent) != 3 || box.sent[2].To != "ada@steps.test" { // the sign-up code, then two step-up codes
		t.Fatalf("%d mails", len(box.sent))
	}
}
