from portal_kit.migrations import run_env
from wallet_service.models import Base

run_env(Base.metadata)
