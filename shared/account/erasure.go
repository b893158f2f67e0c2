package account

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/dynamo"
	"zuum/shared/failure"
	"zuum/shared/profile"
)

// deletionAction is what a step-up code confirming an account's deletion is bound to.
const deletionAction = "account-deletion"

// Messages of confirming an account's deletion.
var (
	ErrDeletionPassword = failure.Fields("Incorrect password.", failure.FieldError{Field: "password", Msg: "Incorrect password."})
	errNeedPassword     = failure.Fields("Please enter your password to delete your account.",
		failure.FieldError{Field: "password", Msg: "Password is required"})
	errNeedCode = failure.Fields("Please enter the code we emailed you.",
		failure.FieldError{Field: "otp", Msg: "Code is required"})
	errHasPassword = failure.New(failure.Invalid, "Confirm with your password instead.")
)

// SendDeletionCode mails the code that confirms deleting a, for an account that has no password
// (signed up with Google); it is a step-up code (stepup.go), bound to the deletion.
func (s *Service) SendDeletionCode(ctx context.Context, a profile.Account) error {
	if a.PasswordHash != "" {
		return errHasPassword
	}
	return s.SendStepUp(ctx, a, deletionAction, "deleting your Zuum account and everything in it")
}

// ConfirmDeletion checks that the holder of a, signed in, confirms deleting it: with their
// password, each try counted against the account's login limit (so a stolen session guesses no
// faster than a login), or for an account without a password with the code SendDeletionCode
// mailed, which it uses up.
func (s *Service) ConfirmDeletion(ctx context.Context, a profile.Account, password, code string) error {
	if a.PasswordHash == "" {
		if code == "" {
			return errNeedCode
		}
		use, err := s.CheckStepUp(ctx, a.ID, deletionAction, code)
		if err != nil {
			return err
		}
		err = dynamo.Transact(ctx, s.db, []types.TransactWriteItem{use})
		if _, canceled := dynamo.CanceledBy(err); canceled {
			return ErrStepUpInvalid // used by a concurrent request
		}
		if err != nil {
			return failure.Wrap(err, "use code")
		}
		return nil
	}
	if password == "" {
		return errNeedPassword
	}
	now := s.now()
	perAccount := loginPerAccount.Of(a.Email)
	if err := s.cred.Take(ctx, now, perAccount); err != nil {
		return err
	}
	if !s.passwords.Match(a.PasswordHash, password) {
		return ErrDeletionPassword
	}
	return s.cred.Forget(ctx, perAccount, now)
}
